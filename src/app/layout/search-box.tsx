import { ActionIcon, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/**
 * Header search: Enter or the icon searches, and only when there is text (spec section 5).
 * `w`: its width (the header's, or the menu drawer's full width). A width in px is the least:
 * the field grows so its placeholder shows whole in every language (issue 30: "Rechercher un
 * produit" was cut at 820 px). One `ch` (a digit's width, at the field's 14 px) is at least a
 * letter's, and 3.5rem holds the field's left padding and the search button.
 */
export function SearchBox({ w = 240 }: { w?: number | string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const search = () => {
    const term = text.trim();
    if (term === "") return;
    void navigate(`/shop/products?search=${encodeURIComponent(term)}`);
  };
  const placeholder = t("search.placeholder");
  return (
    <TextInput
      size="sm"
      radius="xl"
      fz="sm"
      w={typeof w === "number" ? `max(${w}px, calc(${placeholder.length}ch + 3.5rem))` : w}
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => e.key === "Enter" && search()}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="stone.7"
          aria-label={t("search.submit")}
          onClick={search}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="m20 20-3.5-3.5"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </ActionIcon>
      }
    />
  );
}
