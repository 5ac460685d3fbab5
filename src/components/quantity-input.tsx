import "@mantine/core/styles/NumberInput.css";
import { NumberInput, type NumberInputProps } from "@mantine/core";
import { MAX_QUANTITY, MIN_QUANTITY, isBlockedQuantityKey, normalizeQuantity } from "./quantity";

/**
 * A whole number: phones open the digits keypad. NumberInput sets inputmode="decimal" after
 * the props it is given, so the attribute is set on the element; React leaves it alone after
 * that, as NumberInput's own value never changes.
 */
function numericKeypad(input: HTMLInputElement | null) {
  if (input) input.inputMode = "numeric";
}

/**
 * An integer quantity from 1 to 300; '-', 'e' and '.' cannot be typed, and whatever is left
 * in the field is made valid when it loses focus.
 */
export function QuantityInput({
  value,
  onChange,
  ...props
}: {
  value: string | number;
  onChange: (value: string | number) => void;
} & Omit<NumberInputProps, "value" | "onChange">) {
  return (
    <NumberInput
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      ref={numericKeypad}
      value={value}
      onChange={onChange}
      onKeyDown={(event) => {
        if (isBlockedQuantityKey(event.key)) event.preventDefault();
      }}
      onBlur={() => onChange(normalizeQuantity(value))}
      {...props}
    />
  );
}
