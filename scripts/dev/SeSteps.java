// A development tool for scripts/dev/se-steps.sh, compiled there against a Sudoku Explainer
// 1.2.1 jar (not part of the build or the tests). Reads lines "PUZZLE SOLUTION" and solves each
// as SE's rater does (Solver.getDifficulty: every producer in SE's order, the first hint taken),
// with the chains up to the dynamic forcing chains (+) only, or with MIN_LEVEL 2 or more up to its
// nested forcing chains of levels 2 and 3 (its "advanced" producers). Where none applies, it
// places the solution's digit in the first cell with the fewest candidates, as sudoku-corpus
// guesses, and goes on. With a number MIN_LEVEL as argument, prints each step of a dynamic chain
// of level MIN_LEVEL or more:
//   PUZZLE RATING COMPLEXITY LEVEL POSITION HINT
// With "aligned", each aligned pair or triple exclusion:
//   PUZZLE RATING SIZE POSITION REMOVED HINT
// POSITION is the pencil marks before the step: 81 comma-separated cells, "=5" for a placed
// digit, else the cell's candidates; REMOVED the candidates the step removes, "CELL:DIGITS"
// comma-separated (cells 0-80 in rows); HINT is SE's text of the hint, spaces as underscores.
// Each guess prints "# guess PUZZLE cell N".
import diuf.sudoku.Cell;
import diuf.sudoku.Grid;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.HintProducer;
import diuf.sudoku.solver.IndirectHint;
import diuf.sudoku.solver.Rule;
import diuf.sudoku.solver.SingleHintAccumulator;
import diuf.sudoku.solver.Solver;
import diuf.sudoku.solver.rules.AlignedExclusion;
import diuf.sudoku.solver.rules.chaining.Chaining;
import diuf.sudoku.solver.rules.chaining.ChainingHint;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

public class SeSteps {
  // SE's lists of producers, in its order, up to the dynamic forcing chains (+); its nested chains
  // of levels 2 and 3 come after them, in "advancedHintProducers".
  static final String[] LISTS = {"directHintProducers", "indirectHintProducers",
      "chainingHintProducers", "chainingHintProducers2"};

  static String position(Grid grid) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 81; i++) {
      Cell cell = grid.getCell(i % 9, i / 9);
      if (i > 0)
        out.append(',');
      if (cell.getValue() != 0) {
        out.append('=').append(cell.getValue());
      } else {
        BitSet values = cell.getPotentialValues();
        for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1)) out.append(v);
      }
    }
    return out.toString();
  }

  // The candidates an indirect hint removes, in cell order.
  static String removed(IndirectHint hint) {
    StringBuilder out = new StringBuilder();
    Map<Cell, BitSet> removable = hint.getRemovablePotentials();
    for (int i = 0; i < 81; i++) {
      for (Map.Entry<Cell, BitSet> entry : removable.entrySet()) {
        Cell cell = entry.getKey();
        if (cell.getY() * 9 + cell.getX() != i)
          continue;
        if (out.length() > 0)
          out.append(',');
        out.append(i).append(':');
        BitSet values = entry.getValue();
        for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1)) out.append(v);
      }
    }
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    final boolean aligned = args[0].equals("aligned");
    final int minLevel = aligned ? Integer.MAX_VALUE : Integer.parseInt(args[0]);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = in.readLine()) != null;) {
      String[] fields = line.trim().split("\\s+");
      String puzzle = fields[0], solution = fields[1];
      Grid grid = new Grid();
      for (int i = 0; i < 81; i++) {
        char ch = puzzle.charAt(i);
        if (ch >= '1' && ch <= '9')
          grid.setCellValue(i % 9, i / 9, ch - '0');
      }
      Solver solver = new Solver(grid);
      solver.rebuildPotentialValues();
      List<HintProducer> producers = new ArrayList<>();
      List<String> lists = new ArrayList<>(List.of(LISTS));
      if (minLevel >= 2 && !aligned)
        lists.add("advancedHintProducers");
      for (String name : lists) {
        Field field = Solver.class.getDeclaredField(name);
        field.setAccessible(true);
        producers.addAll((List<HintProducer>) field.get(solver));
      }
      Method solved = Solver.class.getDeclaredMethod("isSolved");
      solved.setAccessible(true);
      while (!(Boolean) solved.invoke(solver)) {
        String before = position(grid);
        SingleHintAccumulator accu = new SingleHintAccumulator();
        try {
          for (HintProducer producer : producers) producer.getHints(grid, accu);
        } catch (InterruptedException found) {
          // the accumulator stops the search at its first hint
        }
        Hint hint = accu.getHint();
        if (hint == null) {
          int best = -1, fewest = 10;
          for (int i = 0; i < 81; i++) {
            Cell cell = grid.getCell(i % 9, i / 9);
            int count = cell.getPotentialValues().cardinality();
            if (cell.getValue() == 0 && count < fewest) {
              fewest = count;
              best = i;
            }
          }
          grid.getCell(best % 9, best / 9).setValueAndCancel(solution.charAt(best) - '0');
          System.out.println("# guess " + puzzle + " cell " + best);
          continue;
        }
        if (aligned && hint.getRule() instanceof AlignedExclusion) {
          System.out.println(String.format("%s %.1f %d %s %s %s", puzzle,
              ((Rule) hint).getDifficulty(), ((IndirectHint) hint).getSelectedCells().length, before,
              removed((IndirectHint) hint), hint.toString().replace(' ', '_')));
        }
        if (hint.getRule() instanceof Chaining) {
          int level = ((Chaining) hint.getRule()).getLevel();
          if (level >= minLevel) {
            System.out.println(String.format("%s %.1f %d %d %s %s", puzzle,
                ((Rule) hint).getDifficulty(), ((ChainingHint) hint).getComplexity(), level, before,
                hint.toString().replace(' ', '_')));
          }
        }
        System.out.flush();
        hint.apply();
      }
    }
  }
}
