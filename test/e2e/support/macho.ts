// A reader of what a test checks in a 64-bit Mach-O executable, written from Apple's formats
// rather than taken from the signer, so that a signer's mistake cannot hide behind its own
// reading: the header (<mach-o/loader.h>: mach_header_64, segment_command_64, section_64,
// linkedit_data_command) and the embedded code signature (the SuperBlob and CodeDirectory of
// xnu's osfmk/kern/cs_blobs.h, big-endian, unlike the rest of the file). It checks the code
// directory's page hashes itself: an ad-hoc signature is those hashes and nothing more.
import { createHash } from "crypto";

export const CPU_TYPE = { x86_64: 0x01000007, arm64: 0x0100000c } as const;
const MH_MAGIC_64 = 0xfeedfacf;
const MH_EXECUTE = 2;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
/** cs_blobs.h CS_ADHOC: signed with no certificate. */
export const CS_ADHOC = 0x2;
const HASH = { 1: "sha1", 2: "sha256" } as Record<number, string>;

export interface Section {
  name: string;
  offset: number;
  size: number;
}

export interface Segment {
  name: string;
  fileoff: number;
  filesize: number;
  sections: Section[];
}

export interface CodeDirectory {
  identifier: string;
  flags: number;
  /** Bytes of the file the page hashes cover, from offset 0. */
  codeLimit: number;
  pageSize: number;
  hashType: string;
  /** Page indexes whose hash does not match the file. */
  mismatchedPages: number[];
  /** How many pages the directory hashes. */
  pages: number;
}

export interface MachO {
  cpuType: number;
  fileType: number;
  segments: Segment[];
  /** LC_CODE_SIGNATURE's data, when there is one. */
  signature?: { dataoff: number; datasize: number; codeDirectory?: CodeDirectory };
}

const cstring = (b: Buffer, start: number, max: number): string => {
  const end = b.indexOf(0, start);
  return b.toString("latin1", start, end < 0 || end > start + max ? start + max : end);
};

/** Parses a thin 64-bit Mach-O; throws when `file` is not one. */
export function readMachO(file: Buffer): MachO {
  if (file.length < 32 || file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit little-endian Mach-O (magic 0xfeedfacf)");
  const out: MachO = { cpuType: file.readUInt32LE(4), fileType: file.readUInt32LE(12), segments: [] };
  const ncmds = file.readUInt32LE(16);
  let at = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = file.readUInt32LE(at);
    const size = file.readUInt32LE(at + 4);
    if (cmd === LC_SEGMENT_64) {
      const nsects = file.readUInt32LE(at + 64);
      const sections: Section[] = [];
      for (let s = 0; s < nsects; s++) {
        const o = at + 72 + s * 80;
        sections.push({ name: cstring(file, o, 16), size: Number(file.readBigUInt64LE(o + 40)), offset: file.readUInt32LE(o + 48) });
      }
      out.segments.push({ name: cstring(file, at + 8, 16), fileoff: Number(file.readBigUInt64LE(at + 40)), filesize: Number(file.readBigUInt64LE(at + 48)), sections });
    } else if (cmd === LC_CODE_SIGNATURE) {
      const dataoff = file.readUInt32LE(at + 8);
      const datasize = file.readUInt32LE(at + 12);
      out.signature = { dataoff, datasize, codeDirectory: readCodeDirectory(file, dataoff) };
    }
    at += size;
  }
  return out;
}

/** The primary CodeDirectory of the SuperBlob at `offset`, its page hashes checked against the file. */
function readCodeDirectory(file: Buffer, offset: number): CodeDirectory | undefined {
  if (file.readUInt32BE(offset) !== CSMAGIC_EMBEDDED_SIGNATURE) return undefined;
  const count = file.readUInt32BE(offset + 8);
  for (let i = 0; i < count; i++) {
    const type = file.readUInt32BE(offset + 12 + i * 8);
    const cd = offset + file.readUInt32BE(offset + 16 + i * 8);
    if (type !== CSSLOT_CODEDIRECTORY || file.readUInt32BE(cd) !== CSMAGIC_CODEDIRECTORY) continue;
    const flags = file.readUInt32BE(cd + 12);
    const hashOffset = file.readUInt32BE(cd + 16);
    const identOffset = file.readUInt32BE(cd + 20);
    const nCodeSlots = file.readUInt32BE(cd + 28);
    const codeLimit = file.readUInt32BE(cd + 32);
    const hashSize = file.readUInt8(cd + 36);
    const hashType = HASH[file.readUInt8(cd + 37)] ?? `unknown(${file.readUInt8(cd + 37)})`;
    const pageSize = 2 ** file.readUInt8(cd + 39);
    const mismatchedPages: number[] = [];
    for (let p = 0; p < nCodeSlots; p++) {
      const page = file.subarray(p * pageSize, Math.min((p + 1) * pageSize, codeLimit));
      const want = file.subarray(cd + hashOffset + p * hashSize, cd + hashOffset + (p + 1) * hashSize);
      const got = createHash(hashType).update(page).digest().subarray(0, hashSize);
      if (!got.equals(want)) mismatchedPages.push(p);
    }
    return { identifier: cstring(file, cd + identOffset, 256), flags, codeLimit, pageSize, hashType, mismatchedPages, pages: nCodeSlots };
  }
  return undefined;
}

export const MH_EXECUTE_TYPE = MH_EXECUTE;
