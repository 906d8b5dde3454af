// A throw-away PostgreSQL server for a test suite (scripts/postgres.sh): installed from Debian's
// package when missing, initialised in a temporary folder, on a free loopback port, stopped and
// removed by `stop()`. Its URL is a Pulumi DIY backend URL (postgres://...).
import { startThrowawayServer, type ThrowawayServer } from "../../scripts/throwaway-server";

export interface TestPostgres extends ThrowawayServer {
  /** postgres://user:password@127.0.0.1:port/db?sslmode=disable */
  url: string;
}

export function startPostgres(): Promise<TestPostgres> {
  // The server runs as the `postgres` user when we are root: it must reach the folder.
  return startThrowawayServer("postgres.sh", "postgres://", 0o711);
}
