import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../rules/limits";
import {
  isFractionQuantity,
  isValidQuantity,
  normalizeQuantity,
  quantityOf,
} from "../../src/components/quantity";
import { badgeImage, galleryImages } from "../../src/features/catalog/product-images";

describe("normalizeQuantity", () => {
  it.each([
    [1, 1],
    [3, 3],
    [300, 300],
    [301, MAX_LINE_QUANTITY],
    [10_000, MAX_LINE_QUANTITY],
    [0, MIN_LINE_QUANTITY],
    [-5, MIN_LINE_QUANTITY],
    [2.7, 2],
    ["12", 12],
    ["", MIN_LINE_QUANTITY],
    ["abc", MIN_LINE_QUANTITY],
    [Number.NaN, MIN_LINE_QUANTITY],
    [Number.POSITIVE_INFINITY, MIN_LINE_QUANTITY],
    [null, MIN_LINE_QUANTITY],
    [undefined, MIN_LINE_QUANTITY],
  ])("%j becomes %j", (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });
});

describe("product gallery", () => {
  const images = [
    { type: "gallery", path: "/a.png" },
    { type: "badge", path: "/badge.png" },
    { type: "main", path: "/main.png" },
    { type: "gallery", path: "/b.png" },
  ];
  it("puts the main image first and leaves badges out", () => {
    expect(galleryImages(images).map((i) => i.path)).toEqual(["/main.png", "/a.png", "/b.png"]);
  });
  it("finds the badge overlay", () => {
    expect(badgeImage(images)?.path).toBe("/badge.png");
    expect(badgeImage(images.filter((i) => i.type !== "badge"))).toBeNull();
  });
});

describe("isValidQuantity", () => {
  it.each([
    [1, true],
    [300, true],
    ["12", true],
    [301, false],
    ["301", false],
    [0, false],
    [2.5, false],
    ["ten", false],
    ["", false],
    ["1.5", false],
    ["1,5", false],
    ["1e2", false],
    ["15", true],
  ])("%s is valid: %s (kept as typed, never changed)", (input, expected) => {
    expect(isValidQuantity(input)).toBe(expected);
  });
});

describe("quantityOf", () => {
  it.each([
    [12, 12],
    ["12", 12],
    [" 7 ", 7],
    ["1.5", null],
    ["1,5", null],
    ["15,", null],
    ["1e2", null],
    ["-2", null],
    ["- 2", null],
    [1.5, null],
    ["0", null],
    ["301", null],
  ])("%j is the quantity %j, never another number", (input, expected) => {
    expect(quantityOf(input)).toBe(expected);
  });
});

describe("isFractionQuantity", () => {
  it.each([
    ["1.5", true],
    ["1,5", true],
    [2.5, true],
    ["15", false],
    [15, false],
    ["", false],
  ])("%j is a fraction: %j", (input, expected) => {
    expect(isFractionQuantity(input)).toBe(expected);
  });
});
