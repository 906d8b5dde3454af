// The catalogue the simulator serves: real-looking regions, plans and OS images, fixed so
// that tests and examples can name them. Plans hold whole GiB of RAM (docs/contract.md).

export interface RegionData {
  id: string;
  city: string;
  country: string;
  continent: string;
}

export interface PlanData {
  id: string;
  type: "vc2" | "vhf" | "vdc";
  vcpus: number;
  ram_mb: number;
  disk_gb: number;
  bandwidth_tb: number;
  price_per_month: string;
  price_per_hour: string;
  regions: string[];
}

export interface OsData {
  id: number;
  slug: string;
  name: string;
  family: string;
  arch: "x64";
  released: string;
}

export const REGIONS: RegionData[] = [
  { id: "ewr", city: "New Jersey", country: "US", continent: "North America" },
  { id: "lax", city: "Los Angeles", country: "US", continent: "North America" },
  { id: "fra", city: "Frankfurt", country: "DE", continent: "Europe" },
  { id: "ams", city: "Amsterdam", country: "NL", continent: "Europe" },
  { id: "lhr", city: "London", country: "GB", continent: "Europe" },
  { id: "nrt", city: "Tokyo", country: "JP", continent: "Asia" },
  { id: "sgp", city: "Singapore", country: "SG", continent: "Asia" },
  { id: "syd", city: "Sydney", country: "AU", continent: "Australia" },
  { id: "sao", city: "São Paulo", country: "BR", continent: "South America" },
  { id: "jnb", city: "Johannesburg", country: "ZA", continent: "Africa" },
];

/** First two octets of the addresses handed out per region (not part of the API). */
export const REGION_IP_PREFIX = new Map(Object.entries({
  ewr: "45.76", lax: "45.63", fra: "95.179", ams: "136.244", lhr: "78.141",
  nrt: "45.32", sgp: "139.180", syd: "149.28", sao: "216.238", jnb: "139.84",
}));

const ALL = REGIONS.map((r) => r.id);
const HF = ["ewr", "lax", "fra", "ams", "lhr", "nrt", "sgp", "syd"];
const DEDICATED = ["ewr", "fra", "ams", "nrt"];

function plan(id: string, type: PlanData["type"], vcpus: number, ramGb: number, disk: number,
  bw: number, month: string, hour: string, regions: string[]): PlanData {
  return { id, type, vcpus, ram_mb: ramGb * 1024, disk_gb: disk, bandwidth_tb: bw,
    price_per_month: month, price_per_hour: hour, regions };
}

export const PLANS: PlanData[] = [
  plan("vc2-1c-1gb", "vc2", 1, 1, 25, 1, "5.00", "0.0070", ALL),
  plan("vc2-1c-2gb", "vc2", 1, 2, 55, 2, "10.00", "0.0150", ALL),
  plan("vc2-2c-4gb", "vc2", 2, 4, 80, 3, "20.00", "0.0300", ALL),
  plan("vc2-4c-8gb", "vc2", 4, 8, 160, 4, "40.00", "0.0600", ALL),
  plan("vc2-6c-16gb", "vc2", 6, 16, 320, 5, "80.00", "0.1190", ALL),
  plan("vc2-8c-32gb", "vc2", 8, 32, 640, 6, "160.00", "0.2380", HF),
  plan("vhf-1c-1gb", "vhf", 1, 1, 32, 1, "6.00", "0.0090", HF),
  plan("vhf-2c-4gb", "vhf", 2, 4, 128, 3, "24.00", "0.0360", HF),
  plan("vhf-4c-16gb", "vhf", 4, 16, 384, 5, "96.00", "0.1430", HF),
  plan("vdc-2c-8gb", "vdc", 2, 8, 110, 10, "60.00", "0.0890", DEDICATED),
  plan("vdc-4c-16gb", "vdc", 4, 16, 220, 10, "120.00", "0.1790", DEDICATED),
  plan("vdc-8c-32gb", "vdc", 8, 32, 440, 10, "240.00", "0.3570", DEDICATED),
];

function os(id: number, slug: string, name: string, family: string, released: string): OsData {
  return { id, slug, name, family, arch: "x64", released };
}

export const OS_IMAGES: OsData[] = [
  os(2284, "ubuntu-24.04", "Ubuntu 24.04 LTS x64", "ubuntu", "2024-04-25"),
  os(1743, "ubuntu-22.04", "Ubuntu 22.04 LTS x64", "ubuntu", "2022-04-21"),
  os(2136, "debian-12", "Debian 12 x64 (bookworm)", "debian", "2023-06-10"),
  os(477, "debian-11", "Debian 11 x64 (bullseye)", "debian", "2021-08-14"),
  os(1869, "rocky-9", "Rocky Linux 9 x64", "rocky", "2022-07-14"),
  os(1868, "almalinux-9", "AlmaLinux 9 x64", "almalinux", "2022-05-26"),
  os(2179, "fedora-40", "Fedora 40 x64", "fedora", "2024-04-23"),
  os(2076, "alpine-3.20", "Alpine Linux 3.20 x64", "alpine", "2024-05-22"),
  os(2157, "freebsd-14", "FreeBSD 14 x64", "freebsd", "2023-11-20"),
  os(501, "windows-2022", "Windows 2022 Standard x64", "windows", "2021-08-18"),
];

export const ACCOUNT = {
  name: "Simulated Hosting Customer",
  email: "dev@example.com",
  balance: "-120.50",
  pending_charges: "12.34",
};

export const regionById = new Map(REGIONS.map((r) => [r.id, r]));
export const planById = new Map(PLANS.map((p) => [p.id, p]));
export const osById = new Map(OS_IMAGES.map((o) => [o.id, o]));
export const osBySlug = new Map(OS_IMAGES.map((o) => [o.slug, o]));
