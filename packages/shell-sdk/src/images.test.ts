import { describe, expect, it } from 'vitest';
import {
  fixedImage,
  formatModifiers,
  imageUrl,
  isImageSource,
  MAX_SIDE,
  parseModifiers,
  responsiveImage,
} from './images.ts';

describe('parseModifiers', () => {
  it('reads the seven §3 modifiers joined by & or ,', () => {
    expect(parseModifiers('f_webp&fit_cover&w_288&h_192&q_80&b_ffffff')).toEqual({
      ok: true,
      modifiers: { f: 'webp', fit: 'cover', w: 288, h: 192, q: 80, b: 'ffffff' },
    });
    expect(parseModifiers('s_576x384,f_avif')).toEqual({
      ok: true,
      modifiers: { s: { width: 576, height: 384 }, f: 'avif' },
    });
    expect(parseModifiers('_')).toEqual({ ok: true, modifiers: {} });
  });

  it('refuses a key outside the seven (ipx has many more: rotate, blur, …)', () => {
    expect(parseModifiers('w_100&rotate_90')).toEqual({
      ok: false,
      error: { reason: 'unknown_modifier', key: 'rotate' },
    });
    expect(parseModifiers('')).toEqual({
      ok: false,
      error: { reason: 'unknown_modifier', key: '' },
    });
  });

  it.each([
    ['f_gif', 'f'],
    ['f_', 'f'],
    ['fit_stretch', 'fit'],
    ['w_0', 'w'],
    ['w_-5', 'w'],
    ['w_1.5', 'w'],
    ['w_abc', 'w'],
    ['h_', 'h'],
    ['s_100', 's'],
    ['s_100x', 's'],
    ['s_1x2x3', 's'],
    ['q_0', 'q'],
    ['q_101', 'q'],
    ['b_#fff', 'b'],
    ['b_url(x)', 'b'],
    ['w_10&w_20', 'w'],
  ])('refuses %s as an invalid value of %s', (segment, key) => {
    expect(parseModifiers(segment)).toEqual({ ok: false, error: { reason: 'invalid_value', key } });
  });

  it('refuses a side over the cap, alone or in a size', () => {
    expect(parseModifiers(`w_${MAX_SIDE}`).ok).toBe(true);
    expect(parseModifiers(`w_${MAX_SIDE + 1}`)).toEqual({
      ok: false,
      error: { reason: 'too_large', key: 'w' },
    });
    expect(parseModifiers(`s_100x${MAX_SIDE + 1}`)).toEqual({
      ok: false,
      error: { reason: 'too_large', key: 's' },
    });
  });

  it('reads back what formatModifiers writes', () => {
    const modifiers = { f: 'png', fit: 'contain', s: { width: 10, height: 20 }, q: 50 } as const;
    expect(parseModifiers(formatModifiers(modifiers))).toEqual({ ok: true, modifiers });
  });
});

describe('image sources and addresses', () => {
  it('takes only site paths under the allowed folders', () => {
    expect(isImageSource('/originals/art/x.svg')).toBe(true);
    expect(isImageSource('/uploads/2026/a.png')).toBe(true);
    expect(isImageSource('https://cdn.example.com/originals/art/x.svg')).toBe(false);
    expect(isImageSource('//evil.example/originals/art/x.svg')).toBe(false);
    expect(isImageSource('/originals/art/../../etc/passwd')).toBe(false);
    expect(isImageSource('/uploads/%2e%2e/secret')).toBe(false);
    expect(isImageSource('/api/account/get')).toBe(false);
  });

  it('adds the §9 defaults (webp, quality 95) and leaves a foreign image alone', () => {
    expect(imageUrl('/banners/a.svg', { w: 640 })).toBe('/_ipx/f_webp&w_640&q_95/banners/a.svg');
    expect(imageUrl('https://cdn.example.com/a.png', { w: 640 })).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('gives a fixed-size image one candidate per density, cropped to the box', () => {
    expect(fixedImage('/originals/art/g.svg', 288, 192)).toEqual({
      src: '/_ipx/f_webp&fit_cover&s_288x192&q_95/originals/art/g.svg',
      srcSet:
        '/_ipx/f_webp&fit_cover&s_288x192&q_95/originals/art/g.svg 1x, ' +
        '/_ipx/f_webp&fit_cover&s_576x384&q_95/originals/art/g.svg 2x',
    });
    expect(fixedImage('https://cdn.example.com/g.png', 288, 192)).toEqual({
      src: 'https://cdn.example.com/g.png',
    });
  });

  it('gives a responsive image the §9 screens up to twice its widest size', () => {
    const { src, srcSet } = responsiveImage('/banners/b.svg', 360);
    expect(src).toBe('/_ipx/f_webp&w_360&q_95/banners/b.svg');
    expect(srcSet?.split(', ').map((c) => c.split(' ')[1])).toEqual(['320w', '640w']);
  });
});
