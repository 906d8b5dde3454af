// A release server on loopback: the files of one folder over HTTP, as a project's download
// page serves its plugin archives (the URL `pulumi plugin install --server` and the schema's
// pluginDownloadURL name), and its subfolders (a Maven repository). It counts the GETs of each
// file, by its path in the folder.

import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as path from "path";

export interface ReleaseServer {
  url: string;
  /** GETs answered, by file name. */
  downloads: Map<string, number>;
  close(): Promise<void>;
}

export async function startReleaseServer(dir: string): Promise<ReleaseServer> {
  const downloads = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? "/").split("?")[0]!.replace(/^\/+/, ""));
    const file = path.join(dir, name);
    // Subfolders too (maven/...), nothing outside the folder.
    if (req.method !== "GET" || !file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end("not found\n");
      return;
    }
    downloads.set(name, (downloads.get(name) ?? 0) + 1);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    downloads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
