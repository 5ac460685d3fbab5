// @vitest-environment happy-dom
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocs } from "./support/docs.js";
import {
  buildReports,
  DOCS_DIR,
  MUTATION_FILES,
  passes,
  type MachineReport,
} from "./support/report.js";

/**
 * docs/machines is generated (`npm run machines:docs`) and committed: auditors read it on
 * GitHub and the back office serves machines.json. It must say what the machines do now.
 */
describe("generated machine docs", () => {
  let reports: MachineReport[];
  let files: Map<string, string>;
  // Replays every machine's paths: beside the other test files on a loaded 2-core machine that
  // took over 5 minutes (2026-11-29). A limit against a hang, not a speed goal.
  beforeAll(async () => {
    reports = await buildReports();
    files = renderDocs(reports);
  }, 900_000);

  it("are committed as the machines generate them (run `npm run machines:docs`)", () => {
    const stale = [...files].filter(([name, text]) => {
      const path = join(DOCS_DIR, name);
      return !existsSync(path) || readFileSync(path, "utf8") !== text;
    });
    expect(stale.map(([name]) => name)).toEqual([]);
    const extra = ["", "plans"].flatMap((dir) =>
      readdirSync(join(DOCS_DIR, dir))
        .map((f) => join(dir, f))
        .filter((f) => /\.(md|json|csv)$/.test(f) && !files.has(f) && !MUTATION_FILES.has(f)),
    );
    expect(extra).toEqual([]);
  });

  it("come from machines that pass: every model replays, covers all, sees each guard both ways", () => {
    // The per-machine path tests check failures and coverage; only the report records guard
    // outcomes, so a guard seen one way only (and not declared in guardsOneWay with its reason),
    // or a declaration that is untrue, fails here as it fails `npm run test:paths`.
    const problems = reports.flatMap((r) =>
      !r.coverage
        ? [`${r.name}: no model`]
        : [
            ...r.coverage.guardProblems.map((p) => `${r.name}: ${p}`),
            ...r.coverage.failures.slice(0, 3).map((f) => `${r.name}: ${f}`),
            ...r.coverage.states.missing.map((s) => `${r.name}: state not reached ${s}`),
            ...r.coverage.transitions.missing.map((t) => `${r.name}: not taken ${t}`),
          ],
    );
    expect(problems).toEqual([]);
    expect(reports.filter((r) => !passes(r)).map((r) => r.name)).toEqual([]);
  });

  it("draw a diagram Mermaid can parse for every machine", async () => {
    const { default: mermaid } = await import("mermaid");
    for (const r of reports) {
      await expect(mermaid.parse(r.diagram), r.name).resolves.toBeTruthy();
      // The live view adds the active class: that must parse too.
      const leaf = r.doc.states.find((s) => s.type === "atomic")!;
      const lit = `${r.diagram}  classDef active fill:gold\n  class ${leaf.mermaidId} active\n`;
      await expect(mermaid.parse(lit), `${r.name} (live)`).resolves.toBeTruthy();
    }
  }, 60_000);
});

describe("the auditor view's live highlighting", () => {
  it("colours the leaf states a running actor is in, in every parallel region", async () => {
    const { activePaths, highlighted } =
      await import("../../src/features/machines/machines.services.js");
    const { profileMachine } = await import("../../machines/profile.machine.js");
    const { createActor } = await import("xstate");
    const { PROFILE } = await import("./models/profile.model.js");
    // The committed data, as the server serves it.
    const served = JSON.parse(readFileSync(join(DOCS_DIR, "machines.json"), "utf8")) as {
      machines: Parameters<typeof highlighted>[0][];
    };
    const data = served.machines.find((m) => m.name === "profile")!;
    const actor = createActor(profileMachine).start();
    actor.send({ type: "xstate.done.actor.loadProfile", output: PROFILE } as never);
    const paths = activePaths(actor.getSnapshot().value);
    expect(paths).toEqual([
      "loaded",
      "loaded.details",
      "loaded.details.editing",
      "loaded.password",
      "loaded.password.editing",
    ]);
    const source = highlighted(data, paths);
    expect(source).toContain(
      "class s_loaded_details_editing,s_loaded_password_editing activeState",
    );
    const { default: mermaid } = await import("mermaid");
    await expect(mermaid.parse(source)).resolves.toBeTruthy();
  });

  it("shares a registered actor's state value, and forgets it when unregistered", async () => {
    const { registerLiveActor, useLiveActor, useLiveState } =
      await import("../../src/lib/live-actors.js");
    const { renderHook, act } = await import("@testing-library/react");
    const { createActor, createMachine } = await import("xstate");
    const actor = createActor(
      createMachine({ initial: "a", states: { a: { on: { go: "b" } }, b: {} } }),
    ).start();
    const view = renderHook(() => ({
      ref: useLiveActor("demo"),
      state: useLiveState("demo"),
    }));
    expect(view.result.current.state).toBeUndefined();
    let unregister = () => {};
    act(() => {
      unregister = registerLiveActor("demo", actor);
    });
    expect(view.result.current).toMatchObject({ ref: actor, state: { value: "a", here: true } });
    act(() => actor.send({ type: "go" }));
    expect(view.result.current.state).toEqual({ value: "b", here: true });
    act(() => unregister());
    expect(view.result.current).toEqual({ ref: undefined, state: undefined });
  });
});
