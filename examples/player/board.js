// The state of one game: the givens, the solution, the digits and pencil marks the player has
// entered, and the history that undo walks back. Cells are 0-80, row-major; digits 1-9; a cell's
// pencil marks are a 9-bit mask (bit d-1 for digit d). Plain data: no DOM here.

// PEERS[c]: the 20 other cells of c's row, column and box.
export const PEERS = Array.from({ length: 81 }, (_, c) => {
  const row = Math.floor(c / 9);
  const col = c % 9;
  const box = Math.floor(row / 3) * 3 + Math.floor(col / 3);
  const peers = [];
  for (let o = 0; o < 81; o++) {
    const r = Math.floor(o / 9);
    const k = o % 9;
    const b = Math.floor(r / 3) * 3 + Math.floor(k / 3);
    if (o !== c && (r === row || k === col || b === box)) peers.push(o);
  }
  return peers;
});

const bit = (digit) => 1 << (digit - 1);

export class Game {
  // givens: 81 characters, '.' empty; solution: 81 digits.
  constructor(givens, solution) {
    this.givens = Array.from(givens, (ch) => (ch === '.' ? 0 : Number(ch)));
    this.solution = Array.from(solution, Number);
    this.values = this.givens.slice();
    this.marks = new Array(81).fill(0);
    this.history = [];
  }

  isGiven(cell) {
    return this.givens[cell] !== 0;
  }

  hasMark(cell, digit) {
    return (this.marks[cell] & bit(digit)) !== 0;
  }

  // Records the board before a change, so that undo brings it back.
  save() {
    this.history.push({ values: this.values.slice(), marks: this.marks.slice() });
  }

  // Undoes the last change; false when there is none.
  undo() {
    const last = this.history.pop();
    if (!last) return false;
    this.values = last.values;
    this.marks = last.marks;
    return true;
  }

  // Places `digit` (0 erases) in an empty or entered cell, and takes it off its peers' marks.
  place(cell, digit) {
    if (this.isGiven(cell)) return;
    this.values[cell] = digit;
    if (digit === 0) return;
    this.marks[cell] = 0;
    for (const p of PEERS[cell]) this.marks[p] &= ~bit(digit);
  }

  toggleMark(cell, digit) {
    if (this.values[cell] === 0) this.marks[cell] ^= bit(digit);
  }

  removeMark(cell, digit) {
    this.marks[cell] &= ~bit(digit);
  }

  // The digits no peer of an empty cell holds, as a mask: its candidates on this board.
  candidates(cell) {
    let mask = 0x1ff;
    for (const p of PEERS[cell]) if (this.values[p]) mask &= ~bit(this.values[p]);
    return mask;
  }

  // Gives every empty cell without marks its candidates.
  fillMarks(cells = [...Array(81).keys()]) {
    for (const c of cells) {
      if (this.values[c] === 0 && this.marks[c] === 0) this.marks[c] = this.candidates(c);
    }
  }

  // The cells whose digit a peer also holds.
  conflicts() {
    const out = new Set();
    this.values.forEach((v, c) => {
      if (v && PEERS[c].some((p) => this.values[p] === v)) out.add(c);
    });
    return out;
  }

  // The filled cells whose digit is not the solution's.
  mistakes() {
    return this.values.flatMap((v, c) => (v && v !== this.solution[c] ? [c] : []));
  }

  emptyCount() {
    return this.values.filter((v) => v === 0).length;
  }

  solved() {
    return this.values.every((v, c) => v === this.solution[c]);
  }
}
