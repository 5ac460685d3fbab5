import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Code.css";
import { Alert, Box, Center, Code, Loader } from "@mantine/core";
import type { Mermaid } from "mermaid";
import { useEffect, useState } from "react";

let loading: Promise<Mermaid> | null = null;
let renders = 0;

/** Mermaid is large: loaded on first use, by this page only (its own chunks). */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import("mermaid").then(({ default: mermaid }) => {
    // strict: labels are text, never HTML or scripts.
    mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: "neutral" });
    return mermaid;
  });
  return loading;
}

/**
 * Draws a Mermaid diagram in the browser. While drawing a loader shows; if Mermaid refuses
 * the source, the message and the source itself show, so nothing is hidden from the auditor.
 */
export function MermaidDiagram({
  source,
  label,
  failedText,
}: {
  source: string;
  label: string;
  failedText: string;
}) {
  const [drawn, setDrawn] = useState<{ source: string; svg: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(`machine-diagram-${++renders}`, source))
      .then(({ svg }) => {
        if (current) {
          setDrawn({ source, svg });
          setFailed(null);
        }
      })
      .catch(() => {
        if (current) setFailed(source);
      });
    return () => {
      current = false;
    };
  }, [source]);

  if (failed === source)
    return (
      <Alert color="red" title={failedText}>
        <Code block>{source}</Code>
      </Alert>
    );
  // While a new source (the live view's next state) draws, the previous drawing stays.
  if (!drawn)
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="machine-diagram"
      style={{ overflowX: "auto" }}
      // Mermaid's own output, rendered with securityLevel "strict" (sanitised).
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
