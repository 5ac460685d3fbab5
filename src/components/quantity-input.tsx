import { TextInput, type TextInputProps } from "@mantine/core";
import { isFractionQuantity, isValidQuantity } from "./quantity";

/**
 * An integer quantity from 1 to 300, typed on the digits keypad of a phone (`inputMode`
 * numeric, `pattern` digits). What is typed is never changed: "1,5" stays "1,5" (a number
 * field dropped the separator and made it 15) and 301 stays 301. A value outside the rule is
 * marked invalid with `rangeError` (a fraction with `fractionError`), and the caller does not
 * send it. No key is swallowed: a blocked '-' once made "-2" into 2.
 */
export function QuantityInput({
  value,
  onChange,
  rangeError,
  fractionError,
  ...props
}: {
  value: string | number;
  /** What the field holds, as typed. */
  onChange: (value: string) => void;
  /** The rule, shown while the value breaks it ('1 to 300'). */
  rangeError?: string;
  /** Shown instead of `rangeError` while the value is a fraction ('whole units only'). */
  fractionError?: string;
} & Omit<TextInputProps, "value" | "onChange">) {
  const text = String(value);
  const invalid = rangeError !== undefined && text.trim() !== "" && !isValidQuantity(text);
  const message = isFractionQuantity(text) ? (fractionError ?? rangeError) : rangeError;
  return (
    <TextInput
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={invalid ? message : undefined}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
