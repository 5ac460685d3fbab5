import { describe, expect, it } from "vitest";
import { theme } from "../../src/app/theme.js";

/**
 * Status badges show their whole text in every language ("TEILWEISE BEZAHLT", issue 17):
 * Mantine's badge has a fixed height and cuts its label with an ellipsis; the theme lets a badge
 * keep its width, wrap only when wider than its box, and never cut.
 */
describe("badges", () => {
  it("never cut their label: no ellipsis, no fixed height; they wrap rather than widen a row", () => {
    const styles = (theme.components?.Badge as { styles?: Record<string, Record<string, unknown>> })
      ?.styles;
    expect(styles?.label).toMatchObject({
      whiteSpace: "normal",
      overflow: "visible",
      textOverflow: "clip",
    });
    expect(styles?.root).toMatchObject({ height: "auto", overflow: "visible" });
    // Shrinking is allowed (down to the longest word, then the label wraps): a badge that kept
    // its width widened a German account page at 360 px.
    expect(styles?.root?.flexShrink).toBeUndefined();
  });
});
