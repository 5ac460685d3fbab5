import { ActionIcon, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/**
 * Header search: Enter or the icon searches, and only when there is text (spec section 5).
 * `w`: its width (the header's, or the menu drawer's full width).
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
  return (
    <TextInput
      size="sm"
      radius="xl"
      w={w}
      aria-label={t("search.placeholder")}
      placeholder={t("search.placeholder")}
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
