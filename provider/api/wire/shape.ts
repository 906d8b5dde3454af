// Which wire shape a deployment speaks (docs/contract.md, "Shapes"). Forced by the options,
// or learnt from the first envelope that tells them apart (protocol/shapes.ts).

import { shapeOfEnvelope, type ApiShape } from "../../../protocol/shapes";

/** Holds the shape once known; `known` is a promise so callers can wait for it. */
export class ShapeTracker {
  private value: ApiShape | undefined;
  private resolveKnown!: (s: ApiShape) => void;
  readonly known: Promise<ApiShape>;

  constructor(forced: "auto" | ApiShape) {
    this.known = new Promise((resolve) => (this.resolveKnown = resolve));
    if (forced !== "auto") this.set(forced);
  }

  get current(): ApiShape | undefined {
    return this.value;
  }

  /** Learn from an envelope (a no-op once the shape is known). */
  observe(body: unknown): void {
    if (this.value) return;
    const s = shapeOfEnvelope(body);
    if (s) this.set(s);
  }

  /** Learn from a trusted record (the catalogue file cache); a no-op once the shape is known. */
  learn(s: ApiShape): void {
    if (!this.value) this.set(s);
  }

  private set(s: ApiShape): void {
    this.value = s;
    this.resolveKnown(s);
  }
}
