import type { Page, Route } from "@playwright/test";
import type { EventObject } from "xstate";
import en from "../../locales/en/registration.json" with { type: "json" };
import {
  LAST_STEP,
  REGISTRATION_STEPS,
  registrationMachine,
  STEP_FIELDS,
  type FieldError,
  type RegistrationContext,
  type RegistrationCountry,
  type RegistrationField,
  type RegistrationValues,
} from "../../machines/registration.machine";
import {
  isFieldShown,
  registrationRules,
} from "../../src/features/registration/registration-rules";
import { BRAND } from "../../src/lib/brand";
import { expect, journeys, type E2EContext } from "../../e2e/harness";
import { modelJourneys } from "./model-driven";

/**
 * The partner registration machine drives /register (account spec sections 2, 4, 5 and 8)
 * with the page's own rules (`registrationRules`, the server's), against the real server.
 *
 * Paths: the shortest ones that together take every transition of the machine and reach each
 * of its states (coverage "transitions" of model-driven.ts), plus goals: a mistyped e-mail,
 * the server's refusal, the dropped connection, a US company with products in stock received,
 * a completed French company switched to the US being asked its state. A person types each
 * step's fields in the form's order with the values of PLAN (a French or a US company; the
 * e-mail may first be mistyped), leaves a step by Continue, Back or its number once it is typed
 * in full, and may take one detour: clear the e-mail of a completed step, switch the completed
 * French company to the US, or retype the e-mail as one whose application is already pending.
 * Every step's assertion compares the whole form with the machine's context: heading, the
 * fields shown and what they hold (trimmed after Continue), each field's translated error, the
 * terms box, the error banner, which step numbers open, the button and its loading state; and
 * the loader, the load failure, the terms dialog and the thank-you message in their states.
 *
 * The server's part: the page's calls for the countries and the application are held in the
 * browser (Playwright routes) until the path says how the server answers. "Answers" lets the
 * request through to the real server; the oracle (`serverAnswer`) says what it will answer for
 * the data typed: a refusal for the e-mail of a pending application, else the application is
 * received. "The network fails" aborts the request in the browser (the page sees the connection
 * drop, as offline), which is how `xstate.error.actor.loadCountries` and the generic failure
 * of `submitRegistration` happen for real. After every answer the staff API
 * (GET /api/v2/admin/partner-applications) must hold exactly one application of the path's
 * e-mail with the data typed after a success, none after a refusal or a dropped connection.
 *
 * Every transition of the machine is taken by a browser; none is listed as unreachable. Events
 * the page cannot send are not offered: `registration.continue` on the last step (the button
 * there is Register) and `registration.register` before it, `registration.goTo` to a step never
 * reached (its number does not open) — the machine drops those anyway.
 *
 * Journeys share one database: every path types its own e-mail and company name (`{id}`).
 */

const ID = "{id}";
type Country = "FR" | "US";

/** What a person types (`{id}` is the journey's own), by field; choices by country. */
const PLAN: Record<RegistrationField, string | Record<Country, string> | null> = {
  // No spaces around the e-mail: an e-mail input drops them itself (the value sanitization of
  // HTML), so the machine never sees them; the company name tests the trimming.
  email: `anna.${ID}@atelier-nord.example`,
  name: "Anna",
  surname: "Berg",
  jobTitle: "Head of purchasing",
  phone: "+1 212 555 0100",
  companyName: ` Atelier Nord ${ID} `,
  typeOfBusiness: "b2b",
  billingCountry: { FR: "FR", US: "US" },
  registrationNumber: "NY-4471-2026",
  vatNumber: "FR40303265045",
  streetAddress: { FR: "5 rue Cler", US: "12 Mercer Street" },
  city: { FR: "Paris", US: "New York" },
  postalCode: { FR: "75007", US: "10013" },
  state: "US-NY",
  companyStatus: "existing",
  businessModel: "omnichannel",
  storesCount: "3",
  onlineShopsCount: "2",
  tradingCountries: null,
  inStock: "YES",
  supplier: "Beauty Wholesale LLC",
  webUrl: null,
  retailBeauty: null,
  skincareMarketShare: null,
};
const TYPOS: Partial<Record<RegistrationField, string>> = { email: "anna@" };
/** The e-mail of an application already pending (sent by a colleague straight to the API). */
const PENDING_EMAIL = `lena.${ID}@studio-koch.example`;
/** The server's words for it (locales/en/server-registration.json, applicationPending). */
const PENDING_MESSAGE =
  "An application with this e-mail address is already being verified. Instructions will follow by e-mail.";
const EMAIL_PATH = "relationships.default_contact.email";

/** The countries the paths use, as the server has them (checked against it on the way). */
const COUNTRIES: RegistrationCountry[] = [
  { code: "FR", name: "France", emea: true, provinces: [] },
  {
    code: "US",
    name: "United States",
    emea: false,
    provinces: [{ code: "US-NY", name: "New York" }],
  },
];

type Snapshot = { value: unknown; context: RegistrationContext; status?: string };

const done = (id: string, output?: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown, how: "refused" | "offline") =>
  ({ type: `xstate.error.actor.${id}`, error, how }) as EventObject;
const change = (field: RegistrationField, value: string) =>
  ({ type: "registration.change", field, value }) as EventObject;

const plannedValues = (field: RegistrationField): string[] => {
  const plan = PLAN[field];
  return plan === null ? [] : typeof plan === "string" ? [plan] : Object.values(plan);
};
const countryOf = (v: RegistrationValues): Country => (v.billingCountry === "US" ? "US" : "FR");
const isPlanned = (field: RegistrationField, value: string) =>
  plannedValues(field).some((p) => p.trim() === value.trim()) ||
  (field === "email" && value.trim() === PENDING_EMAIL);

/** The events that type the next field of the step still empty (or mistyped), in form order. */
function fillNext(c: RegistrationContext): EventObject[] {
  const field = STEP_FIELDS[c.step]!.find(
    (f) => PLAN[f] !== null && isFieldShown(f, c.values, c.countries) && !isPlanned(f, c.values[f]),
  );
  if (!field) return [];
  const plan = PLAN[field]!;
  if (typeof plan !== "string") {
    // The country is a choice of the path; the rest follows the country.
    if (field === "billingCountry") return [change(field, "FR"), change(field, "US")];
    return [change(field, plan[countryOf(c.values)])];
  }
  const typo = TYPOS[field];
  const first = c.reached === 0 && c.values[field] === "";
  return [change(field, plan), ...(typo && first ? [change(field, typo)] : [])];
}

/** What a person can do on the page in this state (only what the page offers). */
function personEvents(s: Snapshot): EventObject[] {
  const c = s.context;
  if (s.value === "loadFailed") return [{ type: "registration.retry" }];
  if (s.value === "termsDialog")
    return [{ type: "registration.acceptTerms" }, { type: "registration.closeTerms" }];
  if (s.value !== "editing") return [];
  const own: EventObject[] = [...fillNext(c)];
  // While errors show, the person puts the fields right (keeps the graph small; moving on
  // with errors shown is what the showing of errors already covers).
  const errorsShown = Object.values(c.errors).some(Boolean);
  const complete = c.reached === LAST_STEP;
  const email = c.values.email.trim();
  // One detour per path at most (each multiplies the situations the paths are chosen from):
  // the e-mail cleared, the e-mail retyped as a pending one's, or the country switched.
  const switched = c.values.billingCountry === "US" && c.values.vatNumber !== "";
  const pending = email === PENDING_EMAIL;
  const plain = !switched && !pending && !c.termsAccepted && !c.failure;
  if (c.step === 0 && c.reached > 0 && plain && email !== "") {
    // A completed e-mail is cleared (its step no longer valid), or retyped as a pending one's.
    own.push(change("email", ""));
    if (complete) own.push(change("email", PENDING_EMAIL));
  }
  // After the refusal, the person types their own e-mail again.
  if (c.step === 0 && pending && c.failure) own.push(change("email", PLAN.email as string));
  // A completed French company becomes a US one: the address step now lacks its state.
  if (c.step === 1 && complete && plain && c.values.billingCountry === "FR")
    own.push(change("billingCountry", "US"));
  if (errorsShown && c.step < LAST_STEP) return own;
  if (c.step < LAST_STEP) own.push({ type: "registration.continue" });
  else
    own.push({ type: "registration.toggleTerms", accepted: !c.termsAccepted } as EventObject, {
      type: "registration.register",
    });
  // Steps are left by number or Back once typed in full (or once the e-mail was cleared).
  const cleared = c.step === 0 && c.reached > 0 && email === "";
  if (fillNext(c).length > 0 && !cleared) return own;
  if (c.step > 0) own.push({ type: "registration.back" });
  for (let step = 0; step <= c.reached; step++)
    if (step !== c.step) own.push({ type: "registration.goTo", step } as EventObject);
  return own;
}

/** What the server (or the network) answers to the call in flight. */
function serverAnswer(s: Snapshot): EventObject[] {
  const offline = { detail: "" };
  if (s.value === "loadingCountries")
    return [done("loadCountries", COUNTRIES), failed("loadCountries", offline, "offline")];
  // Leaving step 1 (issue 30) and the final submit: the server refuses an e-mail whose
  // application is pending, under the field, and takes any other.
  const answer = (actor: string) =>
    s.context.values.email.trim() === PENDING_EMAIL
      ? failed(
          actor,
          {
            detail: PENDING_MESSAGE,
            violations: [{ propertyPath: EMAIL_PATH, message: PENDING_MESSAGE }],
          },
          "refused",
        )
      : done(actor);
  if (s.value === "checkingEmail")
    return [answer("checkEmail"), failed("checkEmail", offline, "offline")];
  if (s.value !== "submitting") return [];
  return [answer("submitRegistration"), failed("submitRegistration", offline, "offline")];
}

// ------------------------------------------------------------------ the browser's side

/** Per journey: its id, the calls held, which answer came last. */
interface Journey {
  id: string;
  held: { op: string; route: Route }[];
  waiting: (() => void)[];
  pendingCreated: boolean;
  answered: string | null;
}
const journeyByPage = new WeakMap<Page, Journey>();
const journeyOf = (page: Page) => journeyByPage.get(page)!;
const HELD_OPERATIONS = ["RegistrationCountries", "RegisterPartner"];

const withId = (text: string, id: string) => text.replaceAll(ID, id);

/** Holds the page's registration calls until the path lets the server (or network) answer. */
async function holdCalls(page: Page, journey: Journey) {
  // The e-mail check is a REST call: held as "EmailCheck" like the gateway's operations.
  await page.route("**/form/customer/email-check", async (route) => {
    journey.held.push({ op: "EmailCheck", route });
    journey.waiting.splice(0).forEach((wake) => wake());
  });
  await page.route("**/graphql", async (route) => {
    const body = route.request().postDataJSON() as { query?: string; operationName?: string };
    const op = body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? "")?.[1];
    if (!op || !HELD_OPERATIONS.includes(op)) return route.continue();
    journey.held.push({ op, route });
    journey.waiting.splice(0).forEach((wake) => wake());
  });
}

/** The held call of `op` (waiting for the page to make it). */
async function heldCall(journey: Journey, op: string): Promise<Route> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const index = journey.held.findIndex((h) => h.op === op);
    if (index >= 0) return journey.held.splice(index, 1)[0]!.route;
    if (Date.now() > deadline) throw new Error(`the page never called ${op}`);
    await new Promise<void>((wake) => {
      journey.waiting.push(wake);
      setTimeout(wake, 1_000);
    });
  }
}

/** The staff's view of the applications of an e-mail (the server oracle). */
async function applicationsOf(ctx: E2EContext, email: string) {
  const token = await ctx.page.request.post(`${ctx.baseUrl}/api/v2/admin/token`, {
    data: { email: "staff@brand.example", password: "partner-demo" },
  });
  expect(token.ok(), `staff sign-in: ${token.status()}`);
  const { token: staff } = (await token.json()) as { token: string };
  const res = await ctx.page.request.get(
    `${ctx.baseUrl}/api/v2/admin/partner-applications?itemsPerPage=9999`,
    { headers: { Authorization: `Bearer ${staff}` } },
  );
  expect(res.ok(), `applications listed: ${res.status()}`);
  const body = (await res.json()) as { "hydra:member": Application[] };
  return body["hydra:member"].filter((a) => a.email.toLowerCase() === email.toLowerCase());
}

interface Application {
  email: string;
  status: string;
  companyName: string;
  countryCode: string;
  payload: unknown;
}

/** The application the server must have stored for what the person typed (spec section 7). */
function checkStored(app: Application, values: RegistrationValues, id: string) {
  const v = Object.fromEntries(
    Object.entries(values).map(([k, x]) => [k, withId(x, id).trim()]),
  ) as RegistrationValues;
  const us = v.billingCountry === "US";
  const payload = (typeof app.payload === "string" ? JSON.parse(app.payload) : app.payload) as {
    companyName: string;
    customerType: string;
    corporateRegistrationNumber: string | null;
    taxNumber: string | null;
    jobTitle: string | null;
    relationships: {
      default_contact: Record<string, string>;
      billing_address: Record<string, string | null>;
    };
    evaluation: string;
  };
  const evaluation = JSON.parse(payload.evaluation) as Record<string, unknown>;
  const contact = payload.relationships.default_contact;
  const address = payload.relationships.billing_address;
  // What was not asked or left empty is not stored.
  const given = (text: string) => (text === "" ? undefined : text);
  const facts: [string, unknown, unknown][] = [
    ["status", app.status, "pending"],
    ["company name", app.companyName, v.companyName],
    ["country", app.countryCode, v.billingCountry],
    ["customer type", payload.customerType, v.businessModel],
    ["registration number", payload.corporateRegistrationNumber, us ? v.registrationNumber : null],
    // A VAT number typed before the country became the US is not kept.
    ["VAT number", payload.taxNumber, us ? null : v.vatNumber],
    ["job title", payload.jobTitle, given(v.jobTitle) ?? null],
    [
      "contact",
      JSON.stringify([contact.name, contact.surname, contact.email, contact.phone]),
      JSON.stringify([v.name, v.surname, v.email, v.phone]),
    ],
    ["street", address.street, v.streetAddress],
    ["town", address.town, v.city],
    ["post code", address.post_code, v.postalCode],
    ["state", address.state, us ? v.state : null],
    ["type of business", evaluation.type_of_business, v.typeOfBusiness],
    ["company status", evaluation.company_status, v.companyStatus],
    ["business model", evaluation.business_model, v.businessModel],
    ["stores", evaluation.stores_count, Number(v.storesCount)],
    ["online shops", evaluation.online_shops_count, Number(v.onlineShopsCount)],
    [
      "in stock",
      evaluation[`already_have_${BRAND.product.toLowerCase()}_in_stock`],
      given(v.inStock),
    ],
    ["supplier", evaluation.supplier_name, given(v.supplier)],
  ];
  for (const [what, actual, wanted] of facts)
    expect(
      actual === wanted,
      `stored ${what}: ${JSON.stringify(actual)}, typed ${JSON.stringify(wanted)}`,
    );
}

// ------------------------------------------------------------------ what the page shows

const interpolate = (text: string, params: Record<string, unknown> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
const lookup = (key: string): string =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en) as string;

const OPTIONAL = new Set([
  "jobTitle",
  "tradingCountries",
  "inStock",
  "retailBeauty",
  "skincareMarketShare",
]);
const label = (field: RegistrationField) => {
  const text = interpolate(lookup(`fields.${field}`), { product: BRAND.product });
  return OPTIONAL.has(field) ? `${text} (${en.optional})` : text;
};
const errorText = (e: FieldError | undefined) =>
  e === undefined ? "" : "text" in e ? e.text : interpolate(lookup(e.key), e.params);

/** The label a choice shows for a stored code. */
function shownChoice(field: RegistrationField, code: string) {
  if (code === "") return "";
  if (field === "billingCountry") return COUNTRIES.find((c) => c.code === code)!.name;
  if (field === "state") return COUNTRIES[1]!.provinces.find((p) => p.code === code)!.name;
  const options = (en.options as Record<string, Record<string, string>>)[field];
  return options ? options[code]! : code;
}
const CHOICES = new Set([
  "typeOfBusiness",
  "billingCountry",
  "state",
  "companyStatus",
  "businessModel",
  "inStock",
]);

interface Picture {
  heading: string;
  fields: { label: string; name: string; value: string; shown: string; error: string }[];
  terms: boolean | null;
  banner: string;
  button: string;
  loading: boolean;
  openSteps: number[];
}

/**
 * What the page shows of the form (run in the page, so self-contained): the picture, or with
 * `wanted` whether the picture is that one.
 */
function readForm(wanted: string | null): Picture | null | boolean {
  const form = document.querySelector("form:has(h2)");
  if (!form) return wanted === null ? null : false;
  const fields = [...form.querySelectorAll<HTMLElement>(".mantine-InputWrapper-root")].map(
    (root) => {
      const input = root.querySelector<HTMLInputElement>("input")!;
      const hidden = root.nextElementSibling as HTMLInputElement | null;
      const select = hidden?.tagName === "INPUT" && hidden.type === "hidden";
      const labelEl = root.querySelector("label");
      return {
        label: (labelEl?.firstChild?.textContent ?? "").trim(),
        name: select ? hidden!.name : input.name,
        value: select ? hidden!.value : input.value,
        shown: input.value,
        error: root.querySelector(".mantine-InputWrapper-error")?.textContent ?? "",
      };
    },
  );
  const checkbox = form.querySelector<HTMLInputElement>('input[type="checkbox"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const picture: Picture = {
    heading: form.querySelector("h2")?.textContent ?? "",
    fields,
    terms: checkbox ? checkbox.checked : null,
    banner: form.querySelector('[role="alert"]')?.textContent ?? "",
    button: submit.textContent?.trim() ?? "",
    loading: submit.hasAttribute("data-loading"),
    openSteps: [...document.querySelectorAll(".mantine-Stepper-step")]
      .map((b, i) => (b.hasAttribute("data-allow-click") ? i : -1))
      .filter((i) => i >= 0),
  };
  return wanted === null ? picture : JSON.stringify(picture) === wanted;
}

/** The form as the machine's context says the page shows it. */
function expectedForm(s: Snapshot, id: string): Picture {
  const c = s.context;
  const submitting = s.value === "submitting";
  const fields = STEP_FIELDS[c.step]!.filter((f) => isFieldShown(f, c.values, c.countries)).map(
    (f) => {
      const value = withId(c.values[f], id);
      return {
        label: label(f),
        name: f,
        value,
        shown: CHOICES.has(f) ? shownChoice(f, value) : value,
        error: errorText(c.errors[f]),
      };
    },
  );
  const banner =
    c.failure === null
      ? ""
      : `${en.errorTitle}${c.failure === "registration.failed" ? interpolate(en.failed, { email: BRAND.supportEmail }) : c.failure}`;
  return {
    heading: lookup(`steps.${REGISTRATION_STEPS[c.step]!}`),
    fields,
    terms: c.step === LAST_STEP ? c.termsAccepted : null,
    banner,
    button: c.step === LAST_STEP ? en.register : en.continue,
    loading: submitting,
    openSteps: submitting
      ? []
      : REGISTRATION_STEPS.map((_, i) => i).filter((i) => i <= c.reached && i !== c.step),
  };
}

/** Waits until the page shows the form the machine says (no fixed waits), else tells the difference. */
async function formShows(page: Page, wanted: Picture) {
  const same = JSON.stringify(wanted);
  try {
    await page.waitForFunction(readForm, same, { timeout: 8_000 });
  } catch {
    const actual = await page.evaluate(readForm, null);
    throw new Error(`the page shows\n${JSON.stringify(actual)}\nthe machine says\n${same}`);
  }
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, field: RegistrationField, value: string) {
  await page.getByRole("combobox", { name: label(field), exact: true }).click();
  await page.getByRole("option", { name: shownChoice(field, value), exact: true }).click();
}

export const tests = journeys(
  ...modelJourneys({
    name: "registration",
    machine: registrationMachine,
    input: { rules: registrationRules },
    coverage: "transitions",
    goals: {
      "a mistyped e-mail is refused in the person's words": (s) =>
        (s.context.errors.email as { key?: string } | undefined)?.key === "validation.email",
      // Said under the field once, when step 1 is left (issue 30), not in a red box.
      "the server refuses a pending application's e-mail": (s) =>
        JSON.stringify(s.context.errors.email ?? null).includes(PENDING_MESSAGE),
      "the connection drops while sending": (s) => s.context.failure === "registration.failed",
      "a US company with products in stock is received": (s) =>
        s.status === "done" &&
        s.context.values.billingCountry === "US" &&
        s.context.values.inStock === "YES",
      "a completed French company switched to the US is asked its state": (s) =>
        s.value === "editing" &&
        s.context.step === 2 &&
        s.context.values.vatNumber !== "" &&
        s.context.errors.state !== undefined,
    },
    describe: (e) => {
      const { field, value, step, how } = e as {
        field?: string;
        value?: string;
        step?: number;
        how?: string;
      };
      if (e.type.startsWith("xstate.done.actor.")) return `server answers ${e.type.slice(18)}`;
      if (e.type.startsWith("xstate.error.actor."))
        return `${how === "offline" ? "connection drops during" : "server refuses"} ${e.type.slice(19)}`;
      if (field) return `${field}=${JSON.stringify(value)}`;
      return step === undefined ? e.type.slice(13) : `goTo(${step + 1})`;
    },
    events: (s) => {
      const answers = serverAnswer(s as Snapshot);
      return answers.length > 0 ? answers : personEvents(s as Snapshot);
    },
    serializeState: (s) => {
      const c = (s as Snapshot).context;
      const errors = Object.entries(c.errors).filter(([, e]) => e !== undefined);
      return JSON.stringify([
        s.value,
        c.step,
        c.reached,
        c.values,
        errors,
        c.termsAccepted,
        c.failure,
      ]);
    },
    async start(ctx) {
      const { page, baseUrl } = ctx;
      const journey: Journey = {
        id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`,
        held: [],
        waiting: [],
        pendingCreated: false,
        answered: null,
      };
      journeyByPage.set(page, journey);
      await holdCalls(page, journey);
      await page.goto(`${baseUrl}/register`);
    },
    async act(ctx, event) {
      const { page } = ctx;
      const journey = journeyOf(page);
      const e = event as EventObject & {
        field?: RegistrationField;
        value?: string;
        step?: number;
        how?: string;
      };
      journey.answered = null;
      switch (e.type) {
        case "registration.change": {
          const value = withId(e.value!, journey.id);
          if (value.trim() === withId(PENDING_EMAIL, journey.id) && !journey.pendingCreated) {
            await createPendingApplication(ctx, value.trim());
            journey.pendingCreated = true;
          }
          if (CHOICES.has(e.field!)) return choose(page, e.field!, value);
          return page.locator(`form input[name="${e.field!}"]`).fill(value);
        }
        case "registration.continue":
          return page.getByRole("button", { name: en.continue, exact: true }).click();
        case "registration.register":
          return page.getByRole("button", { name: en.register, exact: true }).click();
        case "registration.back":
          return page.getByRole("button", { name: en.back, exact: true }).click();
        case "registration.goTo":
          return page
            .getByRole("button", { name: new RegExp(`^Step ${e.step! + 1} of 4`) })
            .click();
        case "registration.toggleTerms":
          return page.getByRole("checkbox", { name: en.terms.checkbox }).click();
        case "registration.acceptTerms":
          return page
            .getByRole("dialog", { name: en.terms.dialogTitle })
            .getByRole("button", { name: en.terms.acceptAndRegister })
            .click();
        case "registration.closeTerms":
          return page
            .getByRole("dialog", { name: en.terms.dialogTitle })
            .locator("button", { hasText: en.terms.close })
            .click();
        case "registration.retry":
          return page.getByRole("button", { name: en.retry }).click();
        default: {
          // The server's (or the network's) answer to the call the page holds.
          const op = e.type.endsWith("loadCountries")
            ? "RegistrationCountries"
            : e.type.endsWith("checkEmail")
              ? "EmailCheck"
              : "RegisterPartner";
          const route = await heldCall(journey, op);
          journey.answered = op;
          if (e.how === "offline") return route.abort("internetdisconnected");
          return route.continue();
        }
      }
    },
    async assert(ctx, s) {
      const { page } = ctx;
      const snap = s as Snapshot;
      const journey = journeyOf(page);
      const c = snap.context;
      switch (snap.value) {
        case "loadingCountries":
          await page.getByRole("heading", { name: en.title, level: 1 }).waitFor();
          await page.locator(".mantine-Loader-root").waitFor();
          return;
        case "checkingEmail":
          // The page waits for the check, on step 1.
          await page.getByRole("button", { name: en.continue, exact: true }).waitFor();
          return;
        case "loadFailed":
          await page.getByRole("alert").getByText(en.loadError).waitFor();
          await page.getByRole("button", { name: en.retry }).waitFor();
          return;
        case "termsDialog": {
          const dialog = page.getByRole("dialog", { name: en.terms.dialogTitle });
          await dialog.getByText(en.terms.dialogText).waitFor();
          await page.getByRole("checkbox", { name: en.terms.checkbox }).waitFor();
          expect(
            !(await page.getByRole("checkbox", { name: en.terms.checkbox }).isChecked()),
            "the terms are not accepted",
          );
          return;
        }
        case "registered": {
          await page.getByTestId("registered").getByText(en.thanks.title).waitFor();
          await page.getByText(en.thanks.text).waitFor();
          const email = withId(c.values.email, journey.id).trim();
          const stored = await applicationsOf(ctx, email);
          expect(stored.length === 1, `one application of ${email}, found ${stored.length}`);
          checkStored(stored[0]!, c.values, journey.id);
          return;
        }
        default: {
          await formShows(page, expectedForm(snap, journey.id));
          if (journey.answered === "RegistrationCountries") await checkCountries(ctx);
          if (journey.answered === "RegisterPartner") {
            // Refused or never sent: nothing stored for the person's own e-mail; the colleague's
            // pending application is still the only one of its e-mail.
            const own = withId((PLAN.email as string).trim(), journey.id);
            expect((await applicationsOf(ctx, own)).length === 0, `no application of ${own}`);
            if (journey.pendingCreated) {
              const pending = withId(PENDING_EMAIL, journey.id);
              const rows = await applicationsOf(ctx, pending);
              expect(
                rows.length === 1 &&
                  rows[0]!.companyName === withId("Studio Koch {id}", journey.id),
                `only the colleague's application of ${pending}`,
              );
            }
          }
          return;
        }
      }
    },
  }),
);

/** A colleague's application of `email`, sent straight to the API: it is pending. */
async function createPendingApplication(ctx: E2EContext, email: string) {
  const id = journeyOf(ctx.page).id;
  const res = await ctx.page.request.post(`${ctx.baseUrl}/form/customer`, {
    data: {
      companyName: withId("Studio Koch {id}", id),
      customerType: "drugstore",
      relationships: {
        default_contact: { name: "Lena", surname: "Koch", email, phone: "+81 3 0000 0000" },
        billing_address: {
          country: "JP",
          street: "1-1 Ginza",
          post_code: "104-0061",
          town: "Tokyo",
        },
      },
      evaluation: JSON.stringify({
        type_of_business: "b2b",
        company_status: "existing",
        business_model: "drugstore",
        stores_count: 3,
      }),
      termsAccepted: true,
    },
  });
  expect(res.status() === 201, `the colleague's application is received: ${res.status()}`);
}

/** The countries the model gave the machine are the server's (EMEA flag, provinces). */
async function checkCountries(ctx: E2EContext) {
  const res = await ctx.page.request.post(`${ctx.baseUrl}/graphql`, {
    data: { query: "{ registrationCountries { code name emea provinces { code name } } }" },
  });
  const { data } = (await res.json()) as { data: { registrationCountries: RegistrationCountry[] } };
  for (const country of COUNTRIES) {
    const real = data.registrationCountries.find((c) => c.code === country.code);
    expect(
      real &&
        real.name === country.name &&
        real.emea === country.emea &&
        real.provinces.length > 0 === country.provinces.length > 0 &&
        country.provinces.every((p) =>
          real.provinces.some((q) => q.code === p.code && q.name === p.name),
        ),
      `the server's ${country.code} is the model's: ${JSON.stringify(real)}`,
    );
  }
}
