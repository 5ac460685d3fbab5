import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../src/features/content/sanitize-html";

describe("sanitizeHtml", () => {
  it("keeps the allowed tags of the seed's treatment descriptions", () => {
    const html =
      "<p>A <strong>30-minute</strong> <em>clarifying</em> protocol.</p>" +
      "<ul><li>One</li></ul><ol><li>Two<br/>lines</li></ol>";
    expect(sanitizeHtml(html)).toBe(
      "<p>A <strong>30-minute</strong> <em>clarifying</em> protocol.</p>" +
        "<ul><li>One</li></ul><ol><li>Two<br>lines</li></ol>",
    );
  });

  it("drops attributes, including event handlers and styles", () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">Hi</p>')).toBe(
      "<p>Hi</p>",
    );
    expect(sanitizeHtml("<strong onmouseover='x()'>Bold</strong>")).toBe("<strong>Bold</strong>");
  });

  it("removes other tags but keeps their text", () => {
    expect(sanitizeHtml('<div><a href="javascript:alert(1)">link</a> <h1>Big</h1></div>')).toBe(
      "link Big",
    );
    expect(sanitizeHtml('<img src=x onerror="alert(1)">after')).toBe("after");
  });

  it("removes scripts, styles, iframes and comments with their content", () => {
    expect(sanitizeHtml("<p>a</p><script>alert(1)</script><style>p{}</style>b")).toBe("<p>a</p>b");
    expect(sanitizeHtml("x<iframe src='//evil'>inside</iframe>y<!-- note -->z")).toBe("xyz");
    expect(sanitizeHtml("<SCRIPT>alert(1)")).toBe("");
  });

  it("escapes stray markup characters and keeps entities", () => {
    expect(sanitizeHtml("1 < 2 & 3 > 2 &amp; done")).toBe("1 &lt; 2 &amp; 3 &gt; 2 &amp; done");
    expect(sanitizeHtml('"quoted"')).toBe("&quot;quoted&quot;");
  });

  it("answers an empty string for empty input", () => {
    expect(sanitizeHtml("")).toBe("");
  });
});
