/**
 * How a line names what it holds (issue 30, decision 051): the product's name and the
 * variant's, "Glow Mini Sonic Cleansing Device — Rose", wherever a line is shown or exported
 * (mini-cart, checkout, saved lists, quick order, contract prices). A variant without a name of
 * its own, or named like its product, adds nothing. Pure: every layer may import it.
 */
export function variantLineName(productName: string, variantName: string | null | undefined) {
  const variant = variantName?.trim() ?? "";
  return variant === "" || variant === productName.trim()
    ? productName
    : `${productName} — ${variant}`;
}
