import { useLingui } from '@lingui/react/macro';

/** "provably-fair" → "Provably fair": for a category an operator added that has no text here. */
export function fallbackLabel(sysname: string): string {
  const words = sysname.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The catalogue's categories in the page's language; unknown ones read from their sysname. */
export function useCategoryLabel(): (sysname: string) => string {
  const { t } = useLingui();
  return (sysname) => {
    switch (sysname) {
      case 'slots':
        return t({ id: 'casino.category.slots', message: 'Slots' });
      case 'table':
        return t({ id: 'casino.category.table', message: 'Table games' });
      case 'popular':
        return t({ id: 'casino.category.popular', message: 'Popular' });
      case 'new':
        return t({ id: 'casino.category.new', message: 'New' });
      case 'fruit':
        return t({ id: 'casino.category.fruit', message: 'Fruit' });
      case 'space':
        return t({ id: 'casino.category.space', message: 'Space' });
      case 'western':
        return t({ id: 'casino.category.western', message: 'Wild West' });
      case 'animals':
        return t({ id: 'casino.category.animals', message: 'Animals' });
      case 'candy':
        return t({ id: 'casino.category.candy', message: 'Candy' });
      case 'ocean':
        return t({ id: 'casino.category.ocean', message: 'Ocean' });
      case 'adventure':
        return t({ id: 'casino.category.adventure', message: 'Adventure' });
      case 'asian':
        return t({ id: 'casino.category.asian', message: 'Asian' });
      case 'jackpot':
        return t({ id: 'casino.category.jackpot', message: 'Jackpot' });
      case 'fantasy':
        return t({ id: 'casino.category.fantasy', message: 'Fantasy' });
      case 'mythology':
        return t({ id: 'casino.category.mythology', message: 'Mythology' });
      case 'blackjack':
        return t({ id: 'casino.category.blackjack', message: 'Blackjack' });
      case 'dice':
        return t({ id: 'casino.category.dice', message: 'Dice' });
      case 'provably-fair':
        return t({ id: 'casino.category.provablyFair', message: 'Provably fair' });
      case 'roulette':
        return t({ id: 'casino.category.roulette', message: 'Roulette' });
      default:
        return fallbackLabel(sysname);
    }
  };
}
