import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import classes from "./variant-picker.module.css";

export interface PickerVariant {
  code: string;
  name: string;
  inStock: boolean;
  images: ReadonlyArray<{ type: string; path: string }>;
}

/**
 * The variant of `variants` that `code` names (any case), else the first: the product page's
 * `?variant=CODE` (issue 30). Undefined only without variants.
 */
export function chosenVariant<T extends { code: string }>(
  variants: readonly T[],
  code: string | null,
): T | undefined {
  const wanted = code?.trim().toUpperCase();
  return variants.find((v) => v.code.toUpperCase() === wanted) ?? variants[0];
}

/**
 * The product page's choice of variant (issue 30): one radio button a variant, drawn as a
 * swatch with its picture and name, "coming soon" under a variant out of stock. A group of
 * native radio buttons: one tab stop, arrow keys move and choose.
 */
export function VariantPicker({
  variants,
  selected,
  onChange,
}: {
  variants: readonly PickerVariant[];
  selected: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation("catalog");
  const name = useId();
  return (
    <fieldset className={classes.group} data-testid="variant-picker">
      <legend className={classes.legend} id={`${name}-legend`}>
        {t("product.variants", { count: variants.length })}
      </legend>
      <div className={classes.options} role="radiogroup" aria-labelledby={`${name}-legend`}>
        {variants.map((variant) => {
          const picture =
            variant.images.find((i) => i.type === "main")?.path ?? variant.images[0]?.path;
          return (
            <label
              key={variant.code}
              className={`${classes.option} ${variant.inStock ? "" : classes.unavailable}`}
              data-testid="variant-option"
            >
              <input
                className={classes.input}
                type="radio"
                name={name}
                value={variant.code}
                checked={variant.code === selected}
                onChange={() => onChange(variant.code)}
                aria-describedby={variant.inStock ? undefined : `${name}-${variant.code}-soon`}
              />
              <img
                className={classes.swatch}
                src={picture ?? PLACEHOLDER_IMAGE}
                alt=""
                width={38}
                height={38}
              />
              <span className={classes.name}>
                {variant.name}
                {!variant.inStock && (
                  <span className={classes.soon} id={`${name}-${variant.code}-soon`}>
                    {t("product.comingSoon")}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
