import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

/** True when `taskset` can pin processes to cores here (Linux with util-linux). */
export const canPin =
  process.platform === "linux" && spawnSync("taskset", ["-p", String(process.pid)]).status === 0;

/** Pins an already running process (and with `all`, its threads) to the given cores. */
export function pin(pid: number, cores: string, all = true) {
  if (!canPin) return;
  spawnSync("taskset", [...(all ? ["-a"] : []), "-p", "-c", cores, String(pid)], {
    stdio: "ignore",
  });
}

const children = new Set<ChildProcess>();

/** Stops every child this benchmark started; runs on exit and on SIGINT/SIGTERM. */
export function stopAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

export interface Server {
  url: string;
  pid: number;
  /** Highest resident set size seen since the last `resetPeak`, in MB. */
  peakRssMb(): number;
  resetPeak(): void;
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Starts a server process (`command` with `args`) pinned to `cores`, waits until `readyPath`
 * answers, and samples its resident memory every 100 ms from /proc.
 */
export async function startServer(opts: {
  command: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  cores?: string;
  readyPath: string;
  cwd?: string;
  timeoutMs?: number;
}): Promise<Server> {
  const [file, args] =
    canPin && opts.cores !== undefined
      ? ["taskset", ["-c", opts.cores, opts.command, ...opts.args]]
      : [opts.command, opts.args];
  const child = spawn(file, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.command} exited early:\n${stderr}`);
    try {
      const res = await fetch(url + opts.readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${opts.command} did not answer ${opts.readyPath} in time:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, rssMb(pid));
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    url,
    pid,
    peakRssMb: () => (sample(), peak),
    cpuMs: () => cpuMs(pid),
    resetPeak: () => {
      peak = 0;
    },
    stop: async () => {
      clearInterval(timer);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      children.delete(child);
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU times of /proc/<pid>/stat in ms: utime, stime, cutime and cstime (the 14th to 17th
 * fields of the line; the command name before them may hold spaces, so they are counted from
 * its closing ")"). Throws when the process is gone.
 */
function statTimesMs(pid: number): number[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .slice(11, 15)
    .map((ticks) => (Number(ticks) * 1000) / TICKS_PER_SECOND);
}

/** CPU time (utime + stime) of a process in ms; 0 when unknown. */
export function cpuMs(pid: number): number {
  try {
    const [user = 0, system = 0] = statTimesMs(pid);
    return user + system;
  } catch {
    return 0;
  }
}

/**
 * CPU time of a process and all its children in ms: its own utime + stime, the cutime + cstime
 * of children it has already reaped, and the same of the children still running (PostgreSQL:
 * the postmaster and its backends, which come and go with connections). Reads
 * /proc/<pid>/task/<pid>/children; 0 when unknown.
 */
export function treeCpuMs(pid: number): number {
  try {
    const own = statTimesMs(pid).reduce((sum, ms) => sum + ms, 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
    return own + children.reduce((sum, c) => sum + treeCpuMs(c), 0);
  } catch {
    return 0;
  }
}

/** The postmaster's pid of a PostgreSQL data folder (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts measuring the CPU spent beside the server: by PostgreSQL (the postmaster's process
 * tree) and by this process (the load generator). Both share the cores the server is not
 * pinned to, so together they say whether that side, not the server, set the pace.
 */
export function otherCpu(postmaster: number | undefined) {
  const db = postmaster ? treeCpuMs(postmaster) : 0;
  const driver = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(driver);
    return {
      dbMs: postmaster ? treeCpuMs(postmaster) - db : undefined,
      driverMs: (used.user + used.system) / 1000,
    };
  };
}

/** Resident set size of a process (VmRSS of /proc/<pid>/status) in MB; 0 when unknown. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A round-robin TCP proxy on loopback: each new connection goes to the next backend. The load
 * generator keeps its connections alive, so connections (and with them requests) spread evenly.
 */
export async function roundRobin(backends: number[]): Promise<{ port: number; close(): void }> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    const port = backends[next++ % backends.length]!;
    const outgoing = net.connect(port, "127.0.0.1");
    sockets.add(incoming).add(outgoing);
    incoming.pipe(outgoing).pipe(incoming);
    const drop = () => {
      incoming.destroy();
      outgoing.destroy();
      sockets.delete(incoming);
      sockets.delete(outgoing);
    };
    incoming.on("error", drop).on("close", drop);
    outgoing.on("error", drop).on("close", drop);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
