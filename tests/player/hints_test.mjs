// The player's hints module (examples/player/hints.js) under node's test runner: the decoder on
// bytes written by hand from the format (docs/hints.md), its refusals, the next step of a board,
// the titles and words of steps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  HintsError, chainLines, decodeHints, houseCells, nextStep, stepLines, techniqueTitle,
} from '../../examples/player/hints.js';

// Step 1: hidden-single-box (2), placements r1c1=5, r9c9=3 in boxes 1 and 9 (houses 18, 26).
// Step 2: technique 9 (pointing), rating 2.9, removals r3c4<>2, houses row 3 (2) and box 1 (18),
//         cells r1c1 r1c2.
// Step 3: technique 37 (forcing chain), one chain r1c2 on 4 -> r1c3 off 4, placement r1c3=6.
const BYTES = Uint8Array.from([
  2, 0x12, 2, 0, 5, 80, 3, 2, 18, 26,
  9, 0x1d, 29, 1, 21, 2, 2, 0, 1, 2, 2, 18,
  37, 0x22, 1, 2, 6, 2, 1, 0x34, 2, 0x04,
]);

test('decodes every field of the format', () => {
  const steps = decodeHints(BYTES);
  assert.equal(steps.length, 3);
  assert.deepEqual(steps[0], {
    technique: 2, rating: null, placements: [{ cell: 0, digit: 5 }, { cell: 80, digit: 3 }],
    removals: [], cells: [], houses: [18, 26], chain: [],
  });
  assert.equal(steps[1].rating, 2.9);
  assert.deepEqual(steps[1].removals, [{ cell: 21, digit: 2 }]);
  assert.deepEqual(steps[1].cells, [0, 1]);
  assert.deepEqual(steps[1].houses, [2, 18]);
  assert.deepEqual(steps[2].chain, [
    { cell: 1, digit: 4, on: true, starts: true }, { cell: 2, digit: 4, on: false, starts: false },
  ]);
});

test('houses by kind on singles, and the cells of a chain step from its chain', () => {
  // hidden-single-line: r2c2=3 single in its row (kind 1), r6c6=7 in its column (kind 2);
  // then an X-chain (39) of three nodes, with no cells list.
  const steps = decodeHints(Uint8Array.from([
    3, 0x02, 2, 10, 3 | 0x10, 50, 7 | 0x20,
    39, 0x24, 1, 0, 4, 3, 3, 4 | 0x20, 30, 4 | 0x10, 33, 4,
  ]));
  assert.deepEqual(steps[0].placements, [{ cell: 10, digit: 3 }, { cell: 50, digit: 7 }]);
  assert.deepEqual(steps[0].houses, [1, 14]);
  assert.deepEqual(steps[1].cells, [3, 30, 33]);
  for (const bytes of [[3, 0x02, 2, 10, 3 | 0x10, 50, 7], [3, 0x12, 1, 10, 3 | 0x10, 1, 1]]) {
    assert.throws(() => decodeHints(Uint8Array.from(bytes)), HintsError);
  }
});

test('reads a count of two bytes (LEB128)', () => {
  const cells = Array.from({ length: 130 }, (_, i) => i % 81);
  const steps = decodeHints(Uint8Array.from([40, 0x08, 0x82, 0x01, ...cells]));
  assert.deepEqual(steps[0].cells, cells);
});

test('refuses bytes that are not a path of the format', () => {
  const bad = {
    'a reserved flag': [2, 0x42, 1, 0, 5],
    'a truncated step': BYTES.slice(0, 7),
    'a technique without its flags': [2],
    'cell 81': [2, 0x02, 1, 81, 5],
    'digit 0': [2, 0x02, 1, 0, 0],
    'house 27': [9, 0x10, 1, 27],
    'a chain node of digit 10': [37, 0x20, 1, 0, 0x1a],
  };
  for (const [what, bytes] of Object.entries(bad)) {
    assert.throws(() => decodeHints(Uint8Array.from(bytes)), HintsError, what);
  }
  assert.deepEqual(decodeHints(new Uint8Array()), []);
});

test('the next step: placements on the board, removals applied or gone past', () => {
  const steps = decodeHints(BYTES);
  const values = new Array(81).fill(0);
  assert.equal(nextStep(steps, values, new Set()), 0);
  values[0] = 5;
  assert.equal(nextStep(steps, values, new Set()), 0, 'one of two placements is not done');
  values[80] = 3;
  assert.equal(nextStep(steps, values, new Set()), 1);
  assert.equal(nextStep(steps, values, new Set([1])), 2);
  values[21] = 7;
  assert.equal(nextStep(steps, values, new Set()), 2, 'its one cell is filled');
  values[2] = 6;
  assert.equal(nextStep(steps, values, new Set([1])), -1);
});

test('steps in words', () => {
  const steps = decodeHints(BYTES);
  assert.deepEqual(stepLines(steps[0], 'hidden-single-box'), ['r1c1 = 5 (box 1)', 'r9c9 = 3 (box 9)']);
  assert.deepEqual(stepLines(steps[1], 'pointing'), ['removes 2 from r3c4', 'in row 3, box 1']);
  assert.deepEqual(stepLines(steps[2], 'forcing-chain'), ['r1c3 = 6']);
  assert.deepEqual(chainLines(steps[2]), ['r1c2=4 → r1c3≠4']);
  assert.deepEqual(houseCells(19), [3, 4, 5, 12, 13, 14, 21, 22, 23]);
  assert.deepEqual(houseCells(10), [1, 10, 19, 28, 37, 46, 55, 64, 73]);
});

test('titles from stored names', () => {
  const titles = {
    'full-house': 'Full house', 'hidden-single-line': 'Hidden single (line)', 'xyz-wing': 'XYZ-Wing',
    'x-chain': 'X-Chain', 'unique-rectangle-3': 'Unique rectangle type 3', 'bug-type-4': 'BUG type 4',
    'bug-plus-one': 'BUG+1', 'dynamic-forcing-chain-plus': 'Dynamic forcing chain (+)',
    'two-string-kite': '2-String kite', guess: 'Guess',
  };
  for (const [name, title] of Object.entries(titles)) assert.equal(techniqueTitle(name), title);
});
