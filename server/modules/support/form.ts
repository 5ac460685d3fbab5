import type { Violation } from "../../../rules/violations.js";
import { detectFileType } from "../../files/sniff.js";
import { MEGABYTE, safeFileName, type Upload } from "../../files/uploads.js";
import { isEmailAddress } from "../../../rules/email.js";

/** Subjects of the support form (storefront spec 5), as the form labels them. */
export const SUPPORT_SUBJECTS = ["Profile setup", "Order", "Invoice", "Sales Inquiry", "Other"];
/** Text fields of the form; `file` is listed because a form without a file may send it empty. */
export const SUPPORT_FIELDS = ["name", "email", "subject", "question", "file"] as const;
export const SUPPORT_FILE_FIELD = "file";
export const SUPPORT_MAX_FILE_BYTES = 10 * MEGABYTE;
/** Longest accepted values, in characters. */
export const SUPPORT_MAX_CHARS = { name: 255, email: 255, question: 5000 };
const MAX = SUPPORT_MAX_CHARS;

export interface SupportRequestInput {
  name: string;
  email: string;
  subject: string | null;
  question: string;
  attachment: { name: string; type: string; data: Buffer } | null;
}

/**
 * Checks a support form: name, email (valid) and question required, subject optional and one
 * of the form's subjects (any letter case), at most one attachment in the `file` field whose
 * type is decided by its content. All violations are returned together.
 */
export function readSupportForm(upload: Upload): {
  input: SupportRequestInput | undefined;
  violations: Violation[];
} {
  const violations: Violation[] = [...upload.violations];
  const text = (field: keyof typeof MAX, o: { email?: boolean } = {}) => {
    const value = (upload.fields.get(field) ?? "").trim();
    if (upload.violations.some((v) => v.propertyPath === field)) return value;
    if (value === "") violations.push({ propertyPath: field, message: "supportForm.required" });
    else if (value.length > MAX[field])
      violations.push({
        propertyPath: field,
        message: "field.tooLong",
        params: { max: MAX[field] },
      });
    else if (o.email && !isEmailAddress(value))
      violations.push({ propertyPath: field, message: "field.email" });
    return value;
  };
  const name = text("name");
  const email = text("email", { email: true });
  const question = text("question");

  const rawSubject = (upload.fields.get("subject") ?? "").trim();
  const subject =
    rawSubject === ""
      ? null
      : (SUPPORT_SUBJECTS.find((s) => s.toLowerCase() === rawSubject.toLowerCase()) ?? undefined);
  if (subject === undefined && !upload.violations.some((v) => v.propertyPath === "subject"))
    violations.push({
      propertyPath: "subject",
      message: "supportForm.subjectUnknown",
      params: { subjects: SUPPORT_SUBJECTS.join(", ") },
    });

  // Some clients send an empty text field when no file was chosen; text is not a file.
  if ((upload.fields.get(SUPPORT_FILE_FIELD) ?? "") !== "")
    violations.push({
      propertyPath: SUPPORT_FILE_FIELD,
      message: "field.type",
      params: { type: "file" },
    });
  let attachment: SupportRequestInput["attachment"] = null;
  for (const file of upload.files) {
    if (file.fieldname !== SUPPORT_FILE_FIELD) {
      violations.push({ propertyPath: file.fieldname, message: "field.unknown" });
      continue;
    }
    // A browser posts an empty, nameless part when no file was chosen: that is no file.
    if (file.data.length === 0 && file.filename === "") continue;
    const type = detectFileType(file.data);
    if (!type) {
      violations.push({ propertyPath: SUPPORT_FILE_FIELD, message: "supportForm.fileType" });
      continue;
    }
    attachment = {
      name: safeFileName(file.filename, type.extension),
      type: type.mime,
      data: file.data,
    };
  }

  if (violations.length > 0) return { input: undefined, violations };
  return { input: { name, email, subject: subject ?? null, question, attachment }, violations };
}
