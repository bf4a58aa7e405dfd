// The hints of an app pack (hints_format 1, docs/hints.md): the decoder of a puzzle's hints blob,
// the words a step is shown in, and which step of the path is the next one for a board.
//
// A step is { technique, rating (SE units, or null: the technique's own), placements, removals
// ([{cell, digit}]), cells, houses ([number]), chain ([{cell, digit, on, starts}]) }. Cells are
// 0-80 (row-major), houses 0-8 rows, 9-17 columns, 18-26 boxes, as the format fixes them.

export const HINTS_FORMAT = 1;

const HAS_RATING = 1;
const HAS_PLACEMENTS = 2;
const HAS_REMOVALS = 4;
const HAS_CELLS = 8;
const HAS_HOUSES = 16;
const HAS_CHAIN = 32;
const RESERVED_FLAGS = 0xc0;
const NODE_DIGIT = 0x0f;
const NODE_ON = 0x10;
const NODE_STARTS = 0x20;

export class HintsError extends Error {}

// House number of the row (kind 1), column (2) or box (3) of a cell.
function houseOf(cell, kind) {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  if (kind === 1) return row;
  if (kind === 2) return 9 + col;
  return 18 + Math.floor(row / 3) * 3 + Math.floor(col / 3);
}

// Reads the bytes of one blob (a Uint8Array) into its steps. Throws HintsError on bytes that are
// not a path of hints_format 1: truncated, a reserved flag set, a value out of range.
export function decodeHints(bytes) {
  let at = 0;
  const fail = (why) => {
    throw new HintsError(`hints byte ${at}: ${why}`);
  };
  const byte = () => (at < bytes.length ? bytes[at++] : fail('the blob ends inside a step'));
  const ranged = (max, what) => {
    const v = byte();
    return v <= max ? v : fail(`${what} ${v} out of range`);
  };
  const varint = () => {
    let value = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = byte();
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return value;
    }
    return fail('a count longer than four bytes');
  };
  const list = (read) => Array.from({ length: varint() }, read);
  const digit = () => {
    const d = byte();
    return d >= 1 && d <= 9 ? d : fail(`digit ${d} out of range`);
  };
  const cellDigit = () => ({ cell: ranged(80, 'cell'), digit: digit() });
  // A placement's second byte also names, above the digit, the kind of house it is single in.
  const placement = () => {
    const cell = ranged(80, 'cell');
    const bits = ranged(63, 'placement');
    if ((bits & 15) < 1 || (bits & 15) > 9) fail(`digit ${bits & 15} out of range`);
    return { cell, digit: bits & 15, kind: bits >> 4 };
  };
  const node = () => {
    const cell = ranged(80, 'cell');
    const bits = byte();
    const d = bits & NODE_DIGIT;
    if (d < 1 || d > 9 || bits & 0xc0) fail(`chain node ${bits} out of range`);
    return { cell, digit: d, on: (bits & NODE_ON) !== 0, starts: (bits & NODE_STARTS) !== 0 };
  };

  const steps = [];
  while (at < bytes.length) {
    const technique = byte();
    const flags = byte();
    if (flags & RESERVED_FLAGS) fail(`reserved flags set (${flags})`);
    const rating = flags & HAS_RATING ? byte() / 10 : null;
    const placed = flags & HAS_PLACEMENTS ? list(placement) : [];
    const step = {
      technique,
      rating,
      placements: placed.map(({ cell, digit }) => ({ cell, digit })),
      removals: flags & HAS_REMOVALS ? list(cellDigit) : [],
      cells: flags & HAS_CELLS ? list(() => ranged(80, 'cell')) : [],
      houses: flags & HAS_HOUSES ? list(() => ranged(26, 'house')) : [],
      chain: flags & HAS_CHAIN ? list(node) : [],
    };
    // A step of singles names each placement's house by its kind: 1 row, 2 column, 3 box.
    const named = placed.filter((p) => p.kind !== 0);
    if (named.length > 0 && (named.length !== placed.length || step.houses.length > 0)) {
      fail('kinds of house on some placements only, or besides a houses list');
    }
    for (const { cell, kind } of named) step.houses.push(houseOf(cell, kind));
    // A chain's step without a cells list shows the chain's cells, each once, in order.
    if (step.chain.length > 0 && !(flags & HAS_CELLS)) {
      step.cells = [...new Set(step.chain.map((n) => n.cell))];
    }
    steps.push(step);
  }
  return steps;
}

// "r4c6" for cell 0-80.
export function cellName(cell) {
  return `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
}

// "row 4", "column 6", "box 5" for house 0-26.
export function houseName(house) {
  const kinds = ['row', 'column', 'box'];
  return `${kinds[Math.floor(house / 9)]} ${(house % 9) + 1}`;
}

// The cells of house 0-26.
export function houseCells(house) {
  const k = house % 9;
  if (house < 9) return Array.from({ length: 9 }, (_, i) => k * 9 + i);
  if (house < 18) return Array.from({ length: 9 }, (_, i) => i * 9 + k);
  const top = Math.floor(k / 3) * 27 + (k % 3) * 3;
  return Array.from({ length: 9 }, (_, i) => top + Math.floor(i / 3) * 9 + (i % 3));
}

// Words written in capitals or named after a letter, as solvers write them; the words such a
// letter is joined to ("XY-Wing"); names that no rule makes well.
const CAPITALS = { x: 'X', y: 'Y', w: 'W', xy: 'XY', xyz: 'XYZ', bug: 'BUG' };
const JOINED = new Set(['wing', 'chain', 'cycle']);
const TITLES = { 'bug-plus-one': 'BUG+1', 'two-string-kite': '2-String kite' };

// A title from a technique's stored name: "hidden-single-box" -> "Hidden single (box)",
// "xy-wing" -> "XY-Wing", "unique-rectangle-2" -> "Unique rectangle type 2",
// "dynamic-forcing-chain-plus" -> "Dynamic forcing chain (+)".
export function techniqueTitle(name) {
  if (TITLES[name]) return TITLES[name];
  let words = name.split('-');
  if (words[0] === 'hidden' && words[1] === 'single' && words.length === 3) {
    return `Hidden single (${words[2]})`;
  }
  if (CAPITALS[words[0]] && JOINED.has(words[1])) {
    words = [`${CAPITALS[words[0]]}-${words[1][0].toUpperCase()}${words[1].slice(1)}`, ...words.slice(2)];
  }
  words = words.map((w) => CAPITALS[w] ?? (w === 'plus' ? '(+)' : w));
  const last = words.length - 1;
  if (/^\d+$/.test(words[last]) && words[last - 1] !== 'type') words.splice(last, 0, 'type');
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1);
}

// Whether the technique of `name` is a single (full house, hidden or naked single): then a step
// may place several digits, and houses[i] is the house in which placements[i] is single.
export function isSingle(name) {
  return name === 'full-house' || name === 'naked-single' || name.startsWith('hidden-single');
}

// The step's lines in words: its placements, removals, houses and chains. `name`: its technique's.
export function stepLines(step, name) {
  const lines = [];
  const singles = isSingle(name) && step.houses.length === step.placements.length;
  step.placements.forEach((p, i) => {
    const house = singles ? step.houses[i] : null;
    lines.push(`${cellName(p.cell)} = ${p.digit}` + (house === null ? '' : ` (${houseName(house)})`));
  });
  const byDigit = new Map();
  for (const r of step.removals) {
    if (!byDigit.has(r.digit)) byDigit.set(r.digit, []);
    byDigit.get(r.digit).push(cellName(r.cell));
  }
  for (const [digit, cells] of byDigit) lines.push(`removes ${digit} from ${cells.join(', ')}`);
  if (step.houses.length && !singles) {
    lines.push(`in ${step.houses.map(houseName).join(', ')}`);
  }
  return lines;
}

// The chains of a step as text, one string per chain: "r1c2=5 → r1c5≠5 → r3c5=5".
export function chainLines(step) {
  const chains = [];
  for (const n of step.chain) {
    if (n.starts || chains.length === 0) chains.push([]);
    chains[chains.length - 1].push(`${cellName(n.cell)}${n.on ? '=' : '≠'}${n.digit}`);
  }
  return chains.map((c) => c.join(' → '));
}

// Whether the board (values[81], 0 empty) holds every placement of the step.
export function placementsDone(step, values) {
  return step.placements.every((p) => values[p.cell] === p.digit);
}

// The index of the first step of `steps` not done on the board, or -1 when all are. A step with
// placements is done when they are all on the board; a step of removals only when `passed` (a
// Set of indices) holds it or every cell it removes from is filled.
export function nextStep(steps, values, passed) {
  return steps.findIndex((step, i) => {
    if (step.placements.length) return !placementsDone(step, values);
    if (passed.has(i)) return false;
    return !step.removals.every((r) => values[r.cell] !== 0);
  });
}
