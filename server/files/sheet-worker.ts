import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type * as XLSX from "@e965/xlsx";

/**
 * SheetJS parses a workbook synchronously: a small file whose strings unpack to megabytes held
 * the event loop for seconds (issue 32, finding C). Workbooks are parsed here, on one worker
 * thread shared by the process, one at a time; the main thread checks the file before and reads
 * the rows after. The worker's code is a small script that loads the library by its resolved
 * path, so it runs the same from TypeScript sources and from the compiled server.
 */

const XLSX_PATH = createRequire(import.meta.url).resolve("@e965/xlsx");

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const XLSX = require(workerData.xlsxPath);
parentPort.on("message", ({ id, data, options }) => {
  try {
    const book = XLSX.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength), options);
    parentPort.postMessage({ id, book });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** Longest a parse may take before the worker is replaced and the file refused. */
export const PARSE_TIMEOUT_MS = 10_000;
/** Parses waiting beyond the one running; more are refused as busy rather than queued. */
export const MAX_WAITING = 8;

export class SheetParseError extends Error {
  constructor(readonly reason: "failed" | "timeout" | "busy") {
    super(reason);
  }
}

interface Job {
  id: number;
  data: Uint8Array;
  options: XLSX.ParsingOptions;
  resolve: (book: XLSX.WorkBook) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let running: (Job & { timer: NodeJS.Timeout }) | undefined;
const waiting: Job[] = [];
let nextId = 1;

function startWorker(): Worker {
  const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { xlsxPath: XLSX_PATH } });
  // An idle worker does not keep the process alive (tests, a server shutting down).
  w.unref();
  w.on("message", (message: { id: number; book?: XLSX.WorkBook; error?: string }) => {
    const job = running;
    if (!job || job.id !== message.id) return;
    clearTimeout(job.timer);
    running = undefined;
    if (message.book) job.resolve(message.book);
    else job.reject(new SheetParseError("failed"));
    next();
  });
  w.on("error", () => fail(w));
  w.on("exit", () => fail(w));
  return w;
}

/** The worker died or was stopped: its job fails and the next one gets a fresh worker. */
function fail(w: Worker) {
  if (worker !== w) return;
  worker = undefined;
  const job = running;
  running = undefined;
  if (job) {
    clearTimeout(job.timer);
    job.reject(new SheetParseError("failed"));
  }
  next();
}

function next() {
  if (running || waiting.length === 0) return;
  const job = waiting.shift()!;
  worker ??= startWorker();
  const w = worker;
  const timer = setTimeout(() => {
    // A parse that takes this long is refused; the worker is replaced, not waited for.
    if (running?.id !== job.id) return;
    running = undefined;
    job.reject(new SheetParseError("timeout"));
    worker = undefined;
    void w.terminate();
    next();
  }, PARSE_TIMEOUT_MS);
  timer.unref();
  running = { ...job, timer };
  w.ref();
  w.postMessage({ id: job.id, data: job.data, options: job.options });
  // Unreferenced again once idle: a message listener keeps it referenced only while busy.
  w.once("message", () => w.unref());
}

/** Parses `data` with SheetJS's `read` on the worker thread. */
export function parseWorkbook(
  data: Uint8Array,
  options: XLSX.ParsingOptions,
): Promise<XLSX.WorkBook> {
  if (waiting.length >= MAX_WAITING) return Promise.reject(new SheetParseError("busy"));
  return new Promise((resolve, reject) => {
    waiting.push({ id: nextId++, data, options, resolve, reject });
    next();
  });
}
