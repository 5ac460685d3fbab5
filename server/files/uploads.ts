import type { FastifyRequest } from "fastify";
import type { Violation } from "../../rules/violations.js";
import { Problem } from "../core/problem.js";

/** A file received in a multipart request, held in memory (uploads here are a few MB at most). */
export interface UploadedFile {
  fieldname: string;
  /** The name the browser sent, unchecked: use `safeFileName` before storing or showing it. */
  filename: string;
  /** The declared type, never trusted: the content decides (see sniff.ts). */
  declaredType: string;
  data: Buffer;
}

export interface Upload {
  fields: Map<string, string>;
  files: UploadedFile[];
  /** Unknown, repeated or over-long text fields, reported with the caller's own checks. */
  violations: Violation[];
}

export interface UploadOptions {
  /** Largest file accepted, in bytes; past it the answer is 413. */
  maxFileBytes: number;
  /** Text fields the form may carry; any other is a violation. */
  textFields: readonly string[];
  /** Largest text field in bytes. */
  maxFieldBytes?: number;
  /** The length a field's "too long" message names, when it is not `maxFieldBytes`. */
  maxChars?: Record<string, number>;
}

export const MEGABYTE = 1024 * 1024;

/**
 * Reads a multipart/form-data request completely: its text fields and at most one file.
 * Every way a multipart request can be wrong ends as a problem+json 4xx: not multipart 415,
 * malformed 400, a second file or too many parts 400, a file past `maxFileBytes` 413 (bytes
 * past the limit are discarded as they arrive, so an oversized upload never sits in memory).
 */
export async function readUpload(request: FastifyRequest, o: UploadOptions): Promise<Upload> {
  if (!request.isMultipart())
    throw new Problem(415, "/problems/unsupported-media-type", "fileUpload.notMultipart");
  const maxFieldBytes = o.maxFieldBytes ?? 64 * 1024;
  const upload: Upload = { fields: new Map(), files: [], violations: [] };
  try {
    const parts = request.parts({
      limits: {
        fileSize: o.maxFileBytes,
        files: 1,
        fields: o.textFields.length + 4,
        parts: o.textFields.length + 5,
        fieldSize: maxFieldBytes,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if ((part.filename ?? "").includes("\0")) {
          upload.violations.push({ propertyPath: part.fieldname, message: "field.nul" });
          continue;
        }
        upload.files.push({
          fieldname: part.fieldname,
          filename: part.filename ?? "",
          declaredType: part.mimetype ?? "",
          data,
        });
        continue;
      }
      const name = part.fieldname;
      if (!o.textFields.includes(name)) {
        upload.violations.push({ propertyPath: name, message: "field.unknown" });
      } else if (upload.fields.has(name)) {
        upload.violations.push({ propertyPath: name, message: "fileUpload.duplicateField" });
      } else if (part.valueTruncated) {
        upload.violations.push({
          propertyPath: name,
          message: "field.tooLong",
          params: { max: o.maxChars?.[name] ?? maxFieldBytes },
        });
        upload.fields.set(name, "");
      } else if (typeof part.value !== "string") {
        upload.violations.push({
          propertyPath: name,
          message: "field.type",
          params: { type: "string" },
        });
        upload.fields.set(name, "");
      } else if (part.value.includes("\0")) {
        // No text can hold a NUL character: refused with the field named, never a 500.
        upload.violations.push({ propertyPath: name, message: "field.nul" });
        upload.fields.set(name, "");
      } else {
        upload.fields.set(name, part.value);
      }
    }
  } catch (e) {
    throw multipartProblem(e, o.maxFileBytes);
  }
  return upload;
}

/** The problem for an error raised while parsing a multipart body. */
function multipartProblem(e: unknown, maxFileBytes: number): unknown {
  if (e instanceof Problem) return e;
  const code = (e as { code?: unknown }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new Problem(413, "/problems/payload-too-large", "fileUpload.tooLarge", {
        max: maxFileBytes / MEGABYTE,
      });
    case "FST_FILES_LIMIT":
      return new Problem(400, "/problems/bad-request", "fileUpload.oneFile");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return new Problem(400, "/problems/bad-request", "fileUpload.tooManyParts");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new Problem(415, "/problems/unsupported-media-type", "fileUpload.notMultipart");
  }
  // Busboy's own errors (no boundary, truncated parts, bad headers) and premature closes.
  return new Problem(400, "/problems/bad-request", "fileUpload.malformed");
}

/**
 * A file name safe to store and to put in a mail or a Content-Disposition header: the last
 * path segment, without control characters or quotes, at most 200 characters; a generic name
 * with the detected extension when nothing is left.
 */
export function safeFileName(raw: string, extension: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "").trim();
  const name = cleaned.replace(/^\.+/, "").slice(-200);
  return name.length > 0 ? name : `attachment.${extension}`;
}
