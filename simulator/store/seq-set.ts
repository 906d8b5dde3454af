// A sorted set of creation numbers that answers "the i-th in order" and "the ones at positions
// [start, end)" in O(log n + page), and adds at the end or removes anywhere in O(log n) plus a
// block's worth of copying. The numbers live in sorted blocks of about BLOCK; a Fenwick tree of
// the blocks' sizes turns a position into (block, offset). A block that grows past 2 × BLOCK is
// split and an empty one dropped; only then is the tree rebuilt (O(blocks), once per BLOCK
// changes at most), so no operation walks the whole set.
const BLOCK = 512;

export class SeqSet {
  private blocks: number[][] = [];
  /** Fenwick tree (1-based) over blocks[i].length. */
  private tree: number[] = [0];
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(seq: number): boolean {
    const b = this.blockFor(seq);
    return b >= 0 && indexIn(this.blocks[b], seq) >= 0;
  }

  /** Adds seq; false when it was there already. */
  add(seq: number): boolean {
    const last = this.blocks[this.blocks.length - 1];
    if (!last || seq > last[last.length - 1]) {
      if (!last || last.length >= BLOCK) {
        this.blocks.push([seq]);
        this.rebuild();
      } else {
        last.push(seq);
        this.bump(this.blocks.length - 1, 1);
      }
      this.count++;
      return true;
    }
    const b = Math.max(0, this.blockFor(seq));
    const block = this.blocks[b];
    const at = insertionPoint(block, seq);
    if (block[at] === seq) return false;
    block.splice(at, 0, seq);
    this.count++;
    if (block.length > 2 * BLOCK) {
      this.blocks.splice(b + 1, 0, block.splice(BLOCK));
      this.rebuild();
    } else {
      this.bump(b, 1);
    }
    return true;
  }

  /** Removes seq; false when it was not there. */
  delete(seq: number): boolean {
    const b = this.blockFor(seq);
    if (b < 0) return false;
    const block = this.blocks[b];
    const at = indexIn(block, seq);
    if (at < 0) return false;
    block.splice(at, 1);
    this.count--;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      this.rebuild();
    } else {
      this.bump(b, -1);
    }
    return true;
  }

  /** The seq at position i in ascending order (0 ≤ i < size). */
  at(i: number): number {
    const [b, offset] = this.locate(i);
    return this.blocks[b][offset];
  }

  /** The seqs at positions [start, end) in ascending order. */
  slice(start: number, end: number): number[] {
    const out: number[] = [];
    if (start >= end) return out;
    let [b, offset] = this.locate(start);
    while (out.length < end - start) {
      const block = this.blocks[b];
      const take = Math.min(block.length - offset, end - start - out.length);
      for (let k = 0; k < take; k++) out.push(block[offset + k]);
      b++;
      offset = 0;
    }
    return out;
  }

  /** Every seq in ascending order. */
  values(): number[] {
    return this.slice(0, this.count);
  }

  /** The first block whose last seq is ≥ seq, or -1. */
  private blockFor(seq: number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid];
      if (block[block.length - 1] < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.blocks.length ? lo : -1;
  }

  /** Position i as (block, offset within it), by descending the Fenwick tree. */
  private locate(i: number): [number, number] {
    if (!(i >= 0 && i < this.count)) throw new RangeError(`position ${i} is outside a set of ${this.count}`);
    let pos = 0;
    let rest = i;
    for (let step = highestPowerOfTwo(this.blocks.length); step > 0; step >>= 1) {
      if (pos + step <= this.blocks.length && this.tree[pos + step] <= rest) {
        pos += step;
        rest -= this.tree[pos];
      }
    }
    return [pos, rest];
  }

  private bump(block: number, by: number): void {
    for (let i = block + 1; i < this.tree.length; i += i & -i) this.tree[i] += by;
  }

  private rebuild(): void {
    const tree = new Array<number>(this.blocks.length + 1).fill(0);
    for (let i = 1; i < tree.length; i++) {
      tree[i] += this.blocks[i - 1].length;
      const parent = i + (i & -i);
      if (parent < tree.length) tree[parent] += tree[i];
    }
    this.tree = tree;
  }
}

function highestPowerOfTwo(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return n === 0 ? 0 : p;
}

/** The first index whose value is ≥ seq (block.length when none). */
function insertionPoint(block: number[], seq: number): number {
  let lo = 0;
  let hi = block.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (block[mid] < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function indexIn(block: number[], seq: number): number {
  const at = insertionPoint(block, seq);
  return block[at] === seq ? at : -1;
}
