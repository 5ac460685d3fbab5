import type { Browser, Page } from "@playwright/test";
import { expect, journeys, running } from "./harness";

/**
 * Issue 30, "Looks" on the storefront, as partners saw it in German and French at 390 and
 * 820 px: product names cut mid-word, banner arrows over the banner's text, a ragged stepper,
 * a cut search placeholder, small variant chips, a tab titled only "Produkt".
 */
const BUYER = "buyer@demo-spa.example";
const BRAND = "Lumé Atelier";

/** A context in a language at a width, cookies agreed, signed in when `email` is given. */
async function open(
  browser: Browser,
  baseUrl: string,
  width: number,
  lang: string,
  email?: string,
  scripts = true,
) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: scripts,
    locale: lang === "en" ? "en-US" : `${lang}-${lang.toUpperCase()}`,
  });
  await context.addInitScript(() =>
    localStorage.setItem(
      "cookiesAccepted",
      JSON.stringify({ accepted: true, expiry: Date.now() + 86_400_000 }),
    ),
  );
  const page = await context.newPage();
  if (email) {
    const res = await context.request.post(`${baseUrl}/api/v2/shop/customers/token`, {
      headers: { "content-type": "application/json" },
      data: { email, password: "partner-demo" },
    });
    expect(res.ok(), `sign-in of ${email}`);
  }
  return { context, page };
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await running(page);
  await page.waitForLoadState("networkidle");
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
/** Two boxes share some area. */
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export const tests = journeys(
  {
    name: "looks: product names on the shop home break at spaces and hyphens only, inside their tile, at 390 px in German and French, in the server's first paint too",
    async run({ browser, baseUrl }) {
      const found: string[] = [];
      // The server's HTML as painted before any script runs (issue 31 renders the products
      // there), then the running page.
      for (const [lang, scripts] of [
        ["de", false],
        ["de", true],
        ["fr", true],
      ] as const) {
        const { context, page } = await open(browser, baseUrl, 390, lang, BUYER, scripts);
        try {
          if (scripts) await visit(page, `${baseUrl}/shop`);
          else await page.goto(`${baseUrl}/shop`, { waitUntil: "load" });
          const cards = page.getByTestId("bestsellers").getByTestId("product-card");
          await cards.first().waitFor();
          expect((await cards.count()) >= 4, `${lang}: bestsellers shown`);
          // The name is the card's first paragraph; each line break it has is checked.
          const problems = await cards.evaluateAll((els) =>
            els.flatMap((card) => {
              const name = card.querySelector("p");
              const text = name?.firstChild;
              if (!name || !(text instanceof Text)) return ["a card without a name"];
              const range = document.createRange();
              const tops: number[] = [];
              for (let i = 0; i < text.length; i++) {
                range.setStart(text, i);
                range.setEnd(text, i + 1);
                tops.push(Math.round(range.getBoundingClientRect().top));
              }
              const s = text.data;
              const out: string[] = [];
              for (let i = 1; i < s.length; i++) {
                if (tops[i] === tops[i - 1]) continue;
                const atBoundary = s[i - 1] === " " || s[i] === " " || /[-\u00ad]/.test(s[i - 1]!);
                if (!atBoundary) out.push(`"${s}" is cut as "${s.slice(0, i)}|${s.slice(i)}"`);
              }
              const tile = card.getBoundingClientRect();
              if (
                name.scrollWidth > name.clientWidth + 1 ||
                name.getBoundingClientRect().right > tile.right + 1
              )
                out.push(`"${s}" is wider than its tile`);
              return out;
            }),
          );
          const when = scripts ? "" : " (first paint)";
          found.push(...problems.map((p) => `${lang}${when}: ${p}`));
          await page.getByTestId("bestsellers").screenshot({
            path: `var/screenshots/looks-bestsellers-${lang}-390${scripts ? "" : "-first-paint"}.png`,
          });
        } finally {
          await context.close();
        }
      }
      expect(found.length === 0, `product names:\n${found.join("\n")}`);
    },
  },
  {
    name: "looks: the banner carousel's arrows never cover a banner's text, 390-1440 px, German and French",
    async run({ browser, baseUrl }) {
      const found: string[] = [];
      for (const lang of ["de", "fr"]) {
        const { context, page } = await open(browser, baseUrl, 390, lang, BUYER);
        try {
          await visit(page, `${baseUrl}/shop`);
          const banners = page.getByTestId("banners");
          await banners.waitFor();
          for (const width of [390, 820, 1024, 1280, 1440]) {
            await page.setViewportSize({ width, height: 900 });
            await page.waitForTimeout(100);
            const arrows = banners.locator(
              '[data-testid="carousel-previous"]:visible, [data-testid="carousel-next"]:visible',
            );
            expect((await arrows.count()) === 2, `${lang} ${width}: two arrows shown`);
            // Every slide measured where it shows (the track slides): its text boxes against
            // the arrows that are on screen.
            const result = await banners.evaluate((root) => {
              const arrowBoxes = Array.from(
                root.querySelectorAll<HTMLElement>(
                  '[data-testid="carousel-previous"], [data-testid="carousel-next"]',
                ),
              )
                .map((el) => el.getBoundingClientRect())
                .filter((r) => r.width > 0)
                .map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
              const texts: { slide: number; text: string; box: Box }[] = [];
              const slides = Array.from(
                root.querySelectorAll<HTMLElement>('[data-testid="carousel-slide"]'),
              );
              slides.forEach((slide, index) => {
                const frame = slide.parentElement!.parentElement!.getBoundingClientRect();
                const dx = slide.getBoundingClientRect().left - frame.left;
                const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
                const range = document.createRange();
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                  if (!node.textContent?.trim()) continue;
                  range.selectNodeContents(node);
                  for (const r of Array.from(range.getClientRects()))
                    texts.push({
                      slide: index + 1,
                      text: node.textContent.trim().slice(0, 30),
                      box: { left: r.left - dx, top: r.top, right: r.right - dx, bottom: r.bottom },
                    });
                }
              });
              return { arrowBoxes, texts };
            });
            for (const text of result.texts)
              if (result.arrowBoxes.some((arrow) => overlaps(arrow, text.box)))
                found.push(
                  `${lang} ${width}: an arrow covers banner ${text.slide}'s "${text.text}"`,
                );
          }
          await page.setViewportSize({ width: 390, height: 900 });
          await banners.screenshot({ path: `var/screenshots/looks-banner-${lang}-390.png` });
        } finally {
          await context.close();
        }
      }
      expect(found.length === 0, `banner text under arrows:\n${[...new Set(found)].join("\n")}`);
    },
  },
  {
    name: "looks: the registration stepper fits one row or shows the current step's label only, 360-1440 px, every language",
    timeoutMs: 180_000,
    async run({ browser, baseUrl }) {
      const found: string[] = [];
      /** The stepper's row, its labels shown and the room between its steps. */
      const measure = (page: Page, lang: string, width: number, current: number) =>
        page.locator(".mantine-Stepper-root").evaluate(
          (root, { lang, width, current }) => {
            const out: string[] = [];
            const at = `${lang} ${width} px, step ${current}`;
            const steps = Array.from(root.querySelectorAll<HTMLElement>(".mantine-Stepper-step"));
            const tops = steps.map((s) => Math.round(s.getBoundingClientRect().top));
            if (steps.length !== 4 || new Set(tops).size !== 1)
              out.push(`${at}: the steps are on ${new Set(tops).size} rows (${tops.join(", ")})`);
            const box = root.getBoundingClientRect();
            const shown = steps
              .map((step, index) => ({ step, index }))
              .filter(({ step }) => {
                const body = step.querySelector<HTMLElement>(".mantine-Stepper-stepBody");
                return body && body.getBoundingClientRect().width > 0;
              });
            for (const { step } of shown) {
              const label = step.querySelector<HTMLElement>(".mantine-Stepper-stepLabel")!;
              const r = label.getBoundingClientRect();
              const line = parseFloat(getComputedStyle(label).lineHeight) || 20;
              if (r.right > box.right + 1)
                out.push(`${at}: "${label.textContent}" leaves the stepper`);
              if (r.height > line * 1.5) out.push(`${at}: "${label.textContent}" wraps`);
            }
            const which = shown.map(({ index }) => index + 1);
            const clean =
              which.length === 4 ||
              which.length === 0 ||
              (which.length === 1 && which[0] === current);
            if (!clean) out.push(`${at}: labels of steps ${which.join(", ")} shown`);
            if (width >= 768 && !which.includes(current))
              out.push(`${at}: the current step's label is hidden`);
            for (const separator of Array.from(
              root.querySelectorAll<HTMLElement>(".mantine-Stepper-separator"),
            ))
              if (separator.getBoundingClientRect().width < 8)
                out.push(`${at}: steps without a line between them`);
            return [...new Set(out)];
          },
          { lang, width, current },
        );
      const widths = [360, 390, 600, 820, 1024, 1280, 1440];
      for (const lang of ["fr", "de", "en", "it", "es"]) {
        const { context, page } = await open(browser, baseUrl, 820, lang);
        try {
          await visit(page, `${baseUrl}/register`);
          for (const width of widths) {
            await page.setViewportSize({ width, height: 900 });
            await page.waitForTimeout(50);
            found.push(...(await measure(page, lang, width, 1)));
          }
          await page.setViewportSize({ width: 820, height: 900 });
          await page
            .locator(".mantine-Stepper-root")
            .screenshot({ path: `var/screenshots/looks-stepper-${lang}-820.png` });
        } finally {
          await context.close();
        }
      }
      // French's longest label ("Informations sur l'entreprise") as the current step at 820 px.
      const { context, page } = await open(browser, baseUrl, 820, "fr");
      try {
        await visit(page, `${baseUrl}/register`);
        await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("anne@salon.example");
        await page.getByRole("textbox", { name: "Prénom", exact: true }).fill("Anne");
        await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Martin");
        await page
          .getByRole("textbox", { name: "Téléphone", exact: true })
          .fill("+33 1 42 68 53 00");
        await page.getByRole("button", { name: "Continuer" }).click();
        await page.getByRole("textbox", { name: "Nom de l'entreprise", exact: true }).waitFor();
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForTimeout(50);
          found.push(...(await measure(page, "fr", width, 2)));
        }
      } finally {
        await context.close();
      }
      expect(found.length === 0, `stepper:\n${found.join("\n")}`);
    },
  },
  {
    name: "looks: the header search's placeholder shows whole from 768 to 1440 px in every language",
    timeoutMs: 180_000,
    async run({ browser, baseUrl }) {
      const found: string[] = [];
      for (const lang of ["fr", "de", "en", "it", "es"]) {
        const { context, page } = await open(browser, baseUrl, 820, lang, BUYER);
        try {
          await visit(page, `${baseUrl}/shop`);
          for (const width of [768, 820, 1024, 1280, 1440]) {
            await page.setViewportSize({ width, height: 900 });
            const field = page.locator("header input[placeholder]:visible").first();
            await field.waitFor();
            const fit = await field.evaluate((input: HTMLInputElement) => {
              const style = getComputedStyle(input);
              const context = document.createElement("canvas").getContext("2d")!;
              context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const needed = context.measureText(input.placeholder).width;
              const room =
                input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              return { placeholder: input.placeholder, needed, room };
            });
            if (fit.needed > fit.room)
              found.push(
                `${lang} ${width} px: "${fit.placeholder}" needs ${Math.ceil(fit.needed)} px, has ${Math.floor(fit.room)}`,
              );
            const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
            if (scroll > width) found.push(`${lang} ${width} px: the page is ${scroll} px wide`);
          }
          await page.setViewportSize({ width: 820, height: 900 });
          await page
            .locator("header")
            .first()
            .screenshot({ path: `var/screenshots/looks-header-${lang}-820.png` });
        } finally {
          await context.close();
        }
      }
      expect(found.length === 0, `search placeholder:\n${found.join("\n")}`);
    },
  },
  {
    name: "looks: Glow Mini's colour chips are at least 44 px each way at 390 and 820 px in German",
    async run({ browser, baseUrl }) {
      const found: string[] = [];
      for (const width of [390, 820, 1024]) {
        const { context, page } = await open(browser, baseUrl, width, "de", BUYER);
        try {
          await visit(page, `${baseUrl}/shop/products/GLOW-MINI`);
          const chips = page.getByTestId("variant-picker").getByRole("radio");
          await chips.first().waitFor({ state: "attached" });
          expect((await chips.count()) === 3, `${width}: three colours`);
          // The target is the chip the radio fills: its label.
          const sizes = await chips.evaluateAll((els) =>
            els.map((el) => {
              const target = el.closest("label") ?? el;
              const r = target.getBoundingClientRect();
              return { name: target.textContent?.trim(), w: r.width, h: r.height };
            }),
          );
          for (const size of sizes)
            if (size.w < 44 || size.h < 44)
              found.push(
                `${width} px: "${size.name}" is ${Math.round(size.w)}x${Math.round(size.h)}`,
              );
        } finally {
          await context.close();
        }
      }
      expect(found.length === 0, `small colour chips:\n${found.join("\n")}`);
    },
  },
  {
    name: "looks: a product page's tab names the product in the page's language, from the server's first paint on",
    timeoutMs: 180_000,
    async run({ browser, baseUrl }) {
      for (const lang of ["de", "fr", "en", "it", "es"]) {
        const { context, page } = await open(browser, baseUrl, 820, lang, BUYER);
        try {
          // The server's HTML already has the title (before any script).
          const html = await (
            await page.request.get(`${baseUrl}/shop/products/GLOW-MINI`, {
              headers: { accept: "text/html", "accept-language": lang },
            })
          ).text();
          const served = /<title>([^<]*)<\/title>/.exec(html)?.[1];
          await visit(page, `${baseUrl}/shop/products/GLOW-MINI`);
          const name = (await page.getByRole("heading", { level: 1 }).first().textContent())!;
          const wanted = `${name.trim()} · ${BRAND}`;
          expect(served === wanted, `${lang}: the server's title is "${served}", not "${wanted}"`);
          const title = await page.title();
          expect(title === wanted, `${lang}: the tab says "${title}", not "${wanted}"`);
          // Arriving from the shop home by a card: the product's name too.
          await visit(page, `${baseUrl}/shop`);
          const card = page.getByTestId("bestsellers").getByTestId("product-card").nth(1);
          const other = (await card.locator("p").first().textContent())!.trim();
          await card.click();
          await page.waitForFunction((t) => document.title === t, `${other} · ${BRAND}`);
        } finally {
          await context.close();
        }
      }
    },
  },
);
