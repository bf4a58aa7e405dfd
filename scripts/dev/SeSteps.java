// A development tool for scripts/dev/se-steps.sh, compiled there against a Sudoku Explainer
// 1.2.1 jar (not part of the build or the tests). Reads lines "PUZZLE SOLUTION" and solves each
// as SE's rater does (Solver.getDifficulty: every producer in SE's order, the first hint taken),
// with the chains up to the dynamic forcing chains (+) only, or with MIN_LEVEL 2 or more up to its
// nested forcing chains of levels 2 and 3 (its "advanced" producers), with MIN_LEVEL 4 also its
// level 4 and with 5 its level 5 (its "experimental" producers, tried after the advanced ones;
// level 5 takes SE far longer, so only MIN_LEVEL 5 tries it). Where none applies, it
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
// With "positions" as second argument (MIN_LEVEL a number), reads instead lines "PUZZLE RATING
// STEP MS POSITION" (fields 2-4 ignored; PUZZLE only echoed), sets up SE's grid with exactly the
// digits and candidates of POSITION, takes ONE step there as above (every producer up to
// MIN_LEVEL, the first hint taken) and prints it in the MIN_LEVEL format whatever it is ("-" for
// COMPLEXITY and LEVEL if it is no chain), or "# none PUZZLE" if no producer gives a hint; the
// milliseconds of each step go to standard error.
// With "path" as second argument (MIN_LEVEL a number), prints EVERY step SE's rater takes, one
// hint a step as Solver.getDifficulty applies them, numbered from 1 within each puzzle, the
// puzzles numbered from 1 in input order:
//   PUZZLE_INDEX STEP TECHNIQUE RATING PLACEMENTS REMOVALS
// TECHNIQUE is SE's hint name (Rule.getName), spaces as underscores; PLACEMENTS the digits the
// step places ("r4c6=7", comma-separated, "-" for none); REMOVALS the candidates it removes
// ("r3c4<>2", in cell then digit order, "-" for none): those of the hint's removable potentials
// that the grid held, outside the cells it places. A guess is the step "Guess - rNcM=D -".
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
  // of levels 2 and 3 come after them, in "advancedHintProducers", then those of levels 4 and 5,
  // in "experimentalHintProducers".
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

  // SE's producers, in its order, as a run with this MIN_LEVEL (or "aligned") uses them.
  @SuppressWarnings("unchecked")
  static List<HintProducer> producers(Solver solver, int minLevel, boolean aligned)
      throws Exception {
    List<HintProducer> producers = new ArrayList<>();
    List<String> lists = new ArrayList<>(List.of(LISTS));
    if (minLevel >= 2 && !aligned)
      lists.add("advancedHintProducers");
    if (minLevel >= 4 && !aligned)
      lists.add("experimentalHintProducers");
    for (String name : lists) {
      Field field = Solver.class.getDeclaredField(name);
      field.setAccessible(true);
      for (HintProducer producer : (List<HintProducer>) field.get(solver)) {
        // the experimental level 5 only with MIN_LEVEL 5: a level 4 run would wait hours on it
        if (name.equals("experimentalHintProducers") && ((Chaining) producer).getLevel() > minLevel)
          continue;
        producers.add(producer);
      }
    }
    return producers;
  }

  // One step as SE's rater takes it: the first hint of the first producer that has one, or null.
  static Hint step(Grid grid, List<HintProducer> producers) {
    SingleHintAccumulator accu = new SingleHintAccumulator();
    try {
      for (HintProducer producer : producers) producer.getHints(grid, accu);
    } catch (InterruptedException found) {
      // the accumulator stops the search at its first hint
    }
    return accu.getHint();
  }

  static String cellName(int i) {
    return "r" + (i / 9 + 1) + "c" + (i % 9 + 1);
  }

  // One step of the path mode: what the hint places and removes, read from the grid around
  // hint.apply(); the placement's own cancellations in its peers are not removals of the step.
  static String pathStep(Grid grid, Hint hint) {
    int[] valueBefore = new int[81];
    BitSet[] before = new BitSet[81];
    for (int i = 0; i < 81; i++) {
      Cell cell = grid.getCell(i % 9, i / 9);
      valueBefore[i] = cell.getValue();
      before[i] = (BitSet) cell.getPotentialValues().clone();
    }
    Map<Cell, BitSet> removable =
        hint instanceof IndirectHint ? ((IndirectHint) hint).getRemovablePotentials() : Map.of();
    hint.apply();
    List<String> placed = new ArrayList<>(), removed = new ArrayList<>();
    for (int i = 0; i < 81; i++) {
      int value = grid.getCell(i % 9, i / 9).getValue();
      if (valueBefore[i] == 0 && value != 0)
        placed.add(cellName(i) + "=" + value);
    }
    for (int i = 0; i < 81; i++) {
      if (valueBefore[i] != 0 || grid.getCell(i % 9, i / 9).getValue() != 0)
        continue;
      for (Map.Entry<Cell, BitSet> entry : removable.entrySet()) {
        if (entry.getKey().getY() * 9 + entry.getKey().getX() != i)
          continue;
        BitSet values = entry.getValue();
        for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1)) {
          if (before[i].get(v))
            removed.add(cellName(i) + "<>" + v);
        }
      }
    }
    return String.format("%s %s %s", ((Rule) hint).getName().replace(' ', '_'), rating(hint),
        list(placed) + " " + list(removed));
  }

  static String list(List<String> items) {
    return items.isEmpty() ? "-" : String.join(",", items);
  }

  // SE's rating of a hint, as its rater takes it (every rated hint is a Rule).
  static String rating(Hint hint) {
    return hint instanceof Rule ? String.format("%.1f", ((Rule) hint).getDifficulty()) : "-";
  }

  // The position mode: one step from each position read.
  static void positions(BufferedReader in, int minLevel) throws Exception {
    for (String line; (line = in.readLine()) != null;) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length < 5 || fields[0].startsWith("#"))
        continue;
      String puzzle = fields[0];
      String[] cells = fields[4].split(",", -1);
      if (cells.length != 81)
        throw new IllegalArgumentException(puzzle + ": a position of " + cells.length + " cells");
      Grid grid = new Grid();
      for (int i = 0; i < 81; i++) {
        Cell cell = grid.getCell(i % 9, i / 9);
        cell.clearPotentialValues();
        if (cells[i].startsWith("=")) {
          cell.setValue(Integer.parseInt(cells[i].substring(1)));
        } else {
          for (char ch : cells[i].toCharArray()) cell.addPotentialValue(ch - '0');
        }
      }
      String before = position(grid);
      if (!before.equals(fields[4]))
        throw new IllegalStateException(puzzle + ": SE's grid is not the position read");
      // no rebuildPotentialValues: the candidates are exactly those of POSITION
      List<HintProducer> producers = producers(new Solver(grid), minLevel, false);
      long start = System.nanoTime();
      Hint hint = step(grid, producers);
      long ms = (System.nanoTime() - start) / 1000000;
      if (hint == null) {
        System.out.println("# none " + puzzle);
      } else if (hint.getRule() instanceof Chaining) {
        System.out.println(String.format("%s %s %d %d %s %s", puzzle, rating(hint),
            ((ChainingHint) hint).getComplexity(), ((Chaining) hint.getRule()).getLevel(), before,
            hint.toString().replace(' ', '_')));
      } else {
        System.out.println(String.format(
            "%s %s - - %s %s", puzzle, rating(hint), before, hint.toString().replace(' ', '_')));
      }
      System.out.flush();
      System.err.println("# " + puzzle + " ms " + ms);
    }
  }

  public static void main(String[] args) throws Exception {
    final boolean aligned = args[0].equals("aligned");
    final int minLevel = aligned ? Integer.MAX_VALUE : Integer.parseInt(args[0]);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    if (args.length > 1 && args[1].equals("positions")) {
      positions(in, minLevel);
      return;
    }
    final boolean path = args.length > 1 && args[1].equals("path");
    int index = 0;
    for (String line; (line = in.readLine()) != null;) {
      String[] fields = line.trim().split("\\s+");
      String puzzle = fields[0], solution = fields[1];
      index++;
      int stepNo = 0;
      Grid grid = new Grid();
      for (int i = 0; i < 81; i++) {
        char ch = puzzle.charAt(i);
        if (ch >= '1' && ch <= '9')
          grid.setCellValue(i % 9, i / 9, ch - '0');
      }
      Solver solver = new Solver(grid);
      solver.rebuildPotentialValues();
      List<HintProducer> producers = producers(solver, minLevel, aligned);
      Method solved = Solver.class.getDeclaredMethod("isSolved");
      solved.setAccessible(true);
      while (!(Boolean) solved.invoke(solver)) {
        String before = position(grid);
        Hint hint = step(grid, producers);
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
          if (path)
            System.out.println(String.format("%d %d Guess - %s=%c -", index, ++stepNo,
                cellName(best), solution.charAt(best)));
          else
            System.out.println("# guess " + puzzle + " cell " + best);
          continue;
        }
        if (path) {
          System.out.println(index + " " + (++stepNo) + " " + pathStep(grid, hint));
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
      System.out.flush();
    }
  }
}
