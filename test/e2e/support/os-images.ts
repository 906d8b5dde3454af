// The ids of the simulator's OS images that the end-to-end programs declare
// (simulator/catalogue-data.ts holds the catalogue; the tests reach the simulator by package name,
// which does not export it).

export const UBUNTU = 2284;
export const DEBIAN = 2136;
export const ROCKY = 1869;
export const ALMA = 1868;
export const FEDORA = 2179;

/** The id of each OS slug the programs name. */
export const OS_ID = { "ubuntu-24.04": UBUNTU, "debian-12": DEBIAN } as const;
