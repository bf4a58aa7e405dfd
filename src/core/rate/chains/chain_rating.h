// SE's chain ratings (docs/se-rules.md): the base of each kind of chain and the length bonus.
// Private to src/core; read by the chain engine and the technique table.
#ifndef SUDOKU_CORE_RATE_CHAINS_CHAIN_RATING_H_
#define SUDOKU_CORE_RATE_CHAINS_CHAIN_RATING_H_



namespace sudoku::core_internal {

// SE's chain bases in tenths (docs/se-rules.md): a cycle through bivalue cells (Y-cycle), a forcing
// chain on one digit (X-chain, skyscraper, 2-string kite), one that also goes through cells
// (XY-chain, W-wing, mixed chains), Nishio forcing chains, the multiple forcing chains (cell and
// region), the dynamic ones and those with the easier rules inside (SE's "+"), and the nested ones
// (SE's levels 2 to 4). A chain rates its base plus ChainLengthBonus(nodes - 2), nodes being SE's
// count of the chain's candidates.
inline constexpr int kCycleBase = 65;
inline constexpr int kXChainBase = 66;
inline constexpr int kMixedChainBase = 70;
inline constexpr int kNishioBase = 75;
inline constexpr int kMultipleChainBase = 80;
inline constexpr int kDynamicChainBase = 85;
inline constexpr int kDynamicPlusChainBase = 90;
inline constexpr int kNestedChainBase = 95;           // SE's nested chains, level 2
inline constexpr int kNestedMultipleChainBase = 100;  // and level 3
inline constexpr int kNestedDynamicChainBase = 105;   // and level 4

// SE's chain length bonus in tenths: thresholds 4, 6, 8, 12, 16, 24, 32, ... nodes. constexpr,
// so that the chain searches tabulate their rating per layer at compile time.
constexpr int ChainLengthBonus(int nodes) {
  int bonus = 0;
  int ceiling = 4;
  bool three_halves = true;  // the ceilings grow by 3/2 and 4/3 in turn: 4, 6, 8, 12, 16, ...
  while (nodes > ceiling) {
    ++bonus;
    ceiling = three_halves ? ceiling * 3 / 2 : ceiling * 4 / 3;
    three_halves = !three_halves;
  }
  return bonus;
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_CHAIN_RATING_H_
