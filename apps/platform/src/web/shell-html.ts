import { readFile, stat } from 'node:fs/promises';

/**
 * The shell's built `index.html`, read once and kept in memory; a new build (another mtime or
 * size) is picked up on the next request without restarting the server.
 */
export function shellHtmlFile(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return async () => {
    const info = await stat(file);
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const html = await readFile(file, 'utf8');
      cached = { mtimeMs: info.mtimeMs, size: info.size, html };
    }
    return cached.html;
  };
}
