import "@mantine/core/styles/NumberInput.css";
import { NumberInput, type NumberInputProps } from "@mantine/core";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../rules/limits";
import { isBlockedQuantityKey, isValidQuantity } from "./quantity";

/**
 * A whole number: phones open the digits keypad. NumberInput sets inputmode="decimal" after
 * the props it is given, so the attribute is set on the element; React leaves it alone after
 * that, as NumberInput's own value never changes.
 */
function numericKeypad(input: HTMLInputElement | null) {
  if (input) input.inputMode = "numeric";
}

/**
 * An integer quantity from 1 to 300; '-', 'e' and '.' cannot be typed. What is typed is never
 * changed (301 stays 301): a value outside the rule is marked invalid with `rangeError`, and the
 * caller does not send it.
 */
export function QuantityInput({
  value,
  onChange,
  rangeError,
  ...props
}: {
  value: string | number;
  onChange: (value: string | number) => void;
  /** The rule, shown while the value breaks it ('1 to 300'). */
  rangeError?: string;
} & Omit<NumberInputProps, "value" | "onChange">) {
  const invalid = rangeError !== undefined && value !== "" && !isValidQuantity(value);
  return (
    <NumberInput
      min={MIN_LINE_QUANTITY}
      max={MAX_LINE_QUANTITY}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      ref={numericKeypad}
      value={value}
      onChange={onChange}
      onKeyDown={(event) => {
        if (isBlockedQuantityKey(event.key)) event.preventDefault();
      }}
      error={invalid ? rangeError : undefined}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
