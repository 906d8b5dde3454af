// The release's macOS executables, built and checked, not run: each is a 64-bit Mach-O executable
// of its CPU carrying the plugin in its NODE_SEA segment, with an ad-hoc code signature whose page
// hashes cover the whole file, checked by rcodesign and by hashing the pages here.
//
// The release's macOS executables, built and checked, not run (no Mac is here): each is a 64-bit
// Mach-O executable of its CPU, carries the plugin in the NODE_SEA segment with Node's SEA fuse
// flipped and the Node every target embeds, and has an ad-hoc code signature whose page hashes
// cover the whole file up to the signature, the injected segment included. The signature is
// checked twice: by rcodesign's own `verify` (which reports one problem for any ad-hoc signature,
// see AD_HOC_CMS_PROBLEM, and must report no other), and by hashing the pages here
// (./support/macho.ts, written from Apple's formats) so that the signer is not the only judge of
// its own work. A byte changed in the injected segment must fail both, on its page.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { rcodesign, SIGNING_IDENTIFIER } from "../../scripts/release/sign";
import { NODE_VERSION } from "../../scripts/release/targets";
import { CPU_TYPE, CS_ADHOC, MH_EXECUTE_TYPE, readMachO, type MachO } from "./support/macho";
import { platformRelease, type PlatformRelease } from "./support/platform-release";
import { REPO_ROOT } from "./pulumi-env";

const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** The first word of Node's SEA blob (src/node_sea.h, kMagic), little-endian in the file. */
const SEA_BLOB_MAGIC = 0x0143da20;

/**
 * What rcodesign's `verify` reports for every ad-hoc signature, its own included: the CMS slot of
 * an ad-hoc signature is an empty blob (what `codesign --sign -` writes too), which its verify
 * parses as CMS and fails on (apple-codesign 0.29.0, src/verify.rs). A signature with a
 * certificate, such as the official Node binary's, passes the same command with no problem.
 */
const AD_HOC_CMS_PROBLEM = "CMS error: missing further values (at position 0)";

/** `rcodesign verify FILE`: its exit code and the problems it printed, one a line. */
async function verify(signer: string, file: string): Promise<{ code: number; problems: string[] }> {
  const lines = (s: string | undefined) => (s ?? "").split("\n").filter(Boolean);
  try {
    const { stdout } = await promisify(execFile)(signer, ["verify", file]);
    return { code: 0, problems: lines(stdout) };
  } catch (e) {
    const err = e as { code?: number; stdout?: string };
    return { code: err.code ?? -1, problems: lines(err.stdout) };
  }
}

const MACOS = [
  { target: "darwin-arm64", cpu: CPU_TYPE.arm64, arch: "arm64" },
  { target: "darwin-amd64", cpu: CPU_TYPE.x86_64, arch: "x86_64" },
] as const;

describe("the release's macOS executables: built and checked, not run", function () {
  this.timeout(600_000);
  let release: PlatformRelease;
  let signer: string;

  before(async () => {
    signer = rcodesign(REPO_ROOT);
    release = await platformRelease();
  });

  for (const { target, cpu, arch } of MACOS) {
    describe(target, () => {
      let file: Buffer;
      let macho: MachO;

      before(() => {
        file = fs.readFileSync(release.executable(target));
        macho = readMachO(file);
      });

      it(`is a 64-bit Mach-O executable for ${arch}`, () => {
        expect(macho.cpuType.toString(16)).to.equal(cpu.toString(16));
        expect(macho.fileType).to.equal(MH_EXECUTE_TYPE);
      });

      it(`carries the plugin in the NODE_SEA segment, Node's SEA fuse flipped, on Node ${NODE_VERSION}`, () => {
        const sea = macho.segments.find((s) => s.name === "NODE_SEA");
        expect(sea?.sections.map((s) => s.name)).to.deep.equal(["__NODE_SEA_BLOB"]);
        const blob = file.subarray(sea!.sections[0]!.offset, sea!.sections[0]!.offset + sea!.sections[0]!.size);
        expect(blob.readUInt32LE(0).toString(16)).to.equal(SEA_BLOB_MAGIC.toString(16));
        expect(blob.includes("pulumi-resource-hosting"), "the plugin's bundle is in the blob").to.equal(true);
        expect(file.includes(`${SEA_FUSE}:1`), "the fuse is flipped").to.equal(true);
        expect(file.includes(`${SEA_FUSE}:0`), "no unflipped fuse is left").to.equal(false);
        expect(file.includes(`v${NODE_VERSION}`), `Node ${NODE_VERSION}`).to.equal(true);
      });

      it("has an ad-hoc signature whose page hashes cover every byte before it, NODE_SEA included", () => {
        const sig = macho.signature;
        expect(sig, "an LC_CODE_SIGNATURE load command").to.not.equal(undefined);
        const cd = sig!.codeDirectory!;
        expect(cd, "a code directory").to.not.equal(undefined);
        expect(cd.flags & CS_ADHOC, "the ad-hoc flag").to.equal(CS_ADHOC);
        expect(cd.identifier).to.equal(SIGNING_IDENTIFIER);
        expect(cd.hashType).to.equal("sha256");
        // The signature is the file's last data, in __LINKEDIT, the last segment.
        expect(macho.segments[macho.segments.length - 1]!.name).to.equal("__LINKEDIT");
        expect(sig!.dataoff + sig!.datasize).to.equal(file.length);
        expect(cd.codeLimit).to.equal(sig!.dataoff);
        expect(cd.pages).to.equal(Math.ceil(cd.codeLimit / cd.pageSize));
        const sea = macho.segments.find((s) => s.name === "NODE_SEA")!;
        expect(sea.fileoff + sea.filesize).to.be.at.most(cd.codeLimit);
        expect(cd.mismatchedPages, "pages whose hash does not match").to.deep.equal([]);
      });

      it("rcodesign verify finds no problem but the one of every ad-hoc signature: no CMS to parse", async () => {
        const { problems } = await verify(signer, release.executable(target));
        expect(problems).to.deep.equal([AD_HOC_CMS_PROBLEM]);
      });

      it("a byte changed in the injected segment fails both checks", async () => {
        const sea = macho.segments.find((s) => s.name === "NODE_SEA")!;
        const at = sea.fileoff + Math.floor(sea.filesize / 2);
        const tampered = Buffer.from(file);
        tampered[at] = tampered[at]! ^ 0xff;
        const page = Math.floor(at / macho.signature!.codeDirectory!.pageSize);
        expect(readMachO(tampered).signature!.codeDirectory!.mismatchedPages).to.deep.equal([page]);
        const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hosting-tampered-")), "pulumi-resource-hosting");
        try {
          fs.writeFileSync(copy, tampered);
          const { code, problems } = await verify(signer, copy);
          expect(code).to.not.equal(0);
          expect(problems).to.have.length(2);
          expect(problems[0]).to.equal(AD_HOC_CMS_PROBLEM);
          expect(problems[1]).to.match(new RegExp(`^code digest mismatch for entry ${page};`));
        } finally {
          fs.rmSync(path.dirname(copy), { recursive: true, force: true });
        }
      });
    });
  }
});
