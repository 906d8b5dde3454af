// A release server on loopback: the files of one folder over HTTP, as a project's download
// page serves its plugin archives (the URL `pulumi plugin install --server` and the schema's
// pluginDownloadURL name), and its subfolders (the Go module proxy, the Python index, the Maven
// repository). It counts the GETs of each file, by its path below the folder.

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
    // Subfolders too (the Go module proxy's go/ and the Python index's python/ layouts), a
    // folder by its index.html as a static web server answers pip; nothing outside `dir`.
    let file = path.resolve(dir, name);
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (req.method !== "GET" || !file.startsWith(path.resolve(dir) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end("not found\n");
      return;
    }
    downloads.set(name, (downloads.get(name) ?? 0) + 1);
    const type = file.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream";
    res.writeHead(200, { "content-type": type, "content-length": fs.statSync(file).size });
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
