import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  handWrittenXlsx,
  multipart,
  PDF_SNIPPET,
  PNG_1X1,
  zip,
  type Part,
} from "../fixtures/files/builders.js";
import {
  backends,
  startTestApp,
  USERS,
  type TestApp,
  type TestResponse,
} from "../support/test-app.js";

const URL = "/form/support";
const THANKS = "Thank you for reaching out! We will get back to you as soon as possible.";

const DOCX = zip([
  {
    name: "[Content_Types].xml",
    data:
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  },
  { name: "word/document.xml", data: "<w:document/>" },
]);

describe.each(backends)("support form on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const fields = (over: Record<string, string | undefined> = {}): Part[] =>
    Object.entries({
      name: "Jonas Keller",
      email: "jonas@demo-spa.example",
      subject: "Order",
      question: "Where is my order 000100003?",
      ...over,
    })
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([name, value]) => ({ name, value }));

  async function post(
    parts: readonly Part[],
    o: { as?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const { body, contentType } = multipart(parts);
    const headers: Record<string, string> = { "content-type": contentType, ...o.headers };
    if (o.as) headers.authorization = `Bearer ${await t.token(o.as)}`;
    const res = await t.app.inject({ method: "POST", url: URL, headers, payload: body });
    const type = String(res.headers["content-type"] ?? "");
    return {
      status: res.statusCode,
      headers: res.headers,
      body: type.includes("json") && res.body ? JSON.parse(res.body) : undefined,
      raw: res.body,
    };
  }

  const latest = () =>
    Promise.all([
      t.db.selectFrom("support_requests").selectAll().orderBy("id", "desc").executeTakeFirst(),
      t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirst(),
    ]);

  it("stores a signed-in user's request with its attachment and mails the sales agent", async () => {
    const res = await post(
      [
        ...fields(),
        {
          name: "file",
          filename: "C:\\Users\\jonas\\invoice copy.pdf",
          type: "image/png",
          data: PDF_SNIPPET,
        },
      ],
      { as: USERS.spaBuyer },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: THANKS });
    const [request, mail] = await latest();
    expect(request).toMatchObject({
      company_id: 1,
      name: "Jonas Keller",
      email: "jonas@demo-spa.example",
      subject: "Order",
      question: "Where is my order 000100003?",
      attachment_name: "invoice copy.pdf",
      // The content decides, not the declared image/png.
      attachment_type: "application/pdf",
    });
    expect(Buffer.from(request!.attachment!)).toEqual(PDF_SNIPPET);
    expect(mail).toMatchObject({
      kind: "support_request",
      to_address: "clara.weiss@lume-atelier.example",
      status: "pending",
    });
    expect(mail!.subject).toBe(`Support request #${request!.id}: Order (Jonas Keller)`);
    expect(mail!.text_body).toContain("Where is my order 000100003?");
    expect(mail!.text_body).toContain("Demo Spa GmbH (buyer@demo-spa.example)");
    expect(mail!.text_body).toContain("invoice copy.pdf (application/pdf");
  });

  it("takes a visitor's request without a file and mails the brand's support address", async () => {
    const res = await post(fields({ subject: undefined }));
    expect(res.status).toBe(201);
    const [request, mail] = await latest();
    expect(request).toMatchObject({
      company_id: null,
      shop_user_id: null,
      subject: null,
      attachment: null,
      attachment_name: null,
    });
    expect(mail!.to_address).toBe(t.config.supportEmail);
    expect(mail!.text_body).toContain("not signed in");
  });

  it("mails the other company's own agent and answers in the caller's language", async () => {
    const res = await post(fields({ subject: "sales inquiry" }), {
      as: USERS.retailAdmin,
      headers: { "accept-language": "fr-FR" },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      "Merci de nous avoir contactés ! Nous vous répondrons dans les plus brefs délais.",
    );
    const [request, mail] = await latest();
    expect(request!.subject).toBe("Sales Inquiry");
    expect(request!.company_id).toBe(2);
    expect(mail!.to_address).toBe("michael.grant@lume-atelier.example");
  });

  it("accepts every form subject and every allowed file type, judged by content", async () => {
    const files: [string, Buffer, string][] = [
      ["a.png", PNG_1X1, "image/png"],
      [
        "b.jpg",
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
        "image/jpeg",
      ],
      ["c.gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "image/gif"],
      ["d.webp", Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8 ", "latin1"), "image/webp"],
      [
        "e.xlsx",
        handWrittenXlsx([{ name: "S", rows: [["a"]] }]),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ],
      ["f.docx", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["notes", Buffer.from("Grüße, 東京\r\nline 2\n"), "text/plain"],
      ["g.pdf", PDF_SNIPPET, "application/pdf"],
    ];
    const subjects = ["Profile setup", "Order", "Invoice", "Sales Inquiry", "Other"];
    for (const [n, [filename, data, type]] of files.entries()) {
      const res = await post(
        [
          ...fields({ subject: subjects[n % subjects.length] }),
          { name: "file", filename, type: "application/octet-stream", data },
        ],
        { as: USERS.spaMarketing },
      );
      expect(res.status, filename).toBe(201);
      const [request] = await latest();
      expect(request!.attachment_type, filename).toBe(type);
      expect(request!.subject).toBe(subjects[n % subjects.length]);
    }
    const [request] = await latest();
    expect(request!.attachment_name).toBe("g.pdf");
  });

  it("treats an empty, nameless file part as no file", async () => {
    const res = await post([...fields(), { name: "file", filename: "", data: Buffer.alloc(0) }]);
    expect(res.status).toBe(201);
    const [request] = await latest();
    expect(request!.attachment).toBeNull();
  });

  it.each([
    ["name", { name: "" }, "supportForm.required", "Field is required"],
    ["email", { email: undefined }, "supportForm.required", "Field is required"],
    ["question", { question: "   " }, "supportForm.required", "Field is required"],
    ["email", { email: "not-an-email" }, "field.email", "Please enter a valid email."],
    ["subject", { subject: "Complaint" }, "supportForm.subjectUnknown", undefined],
    ["question", { question: "x".repeat(5001) }, "field.tooLong", undefined],
    ["question", { question: "x".repeat(40_000) }, "field.tooLong", undefined],
    ["name", { name: "n".repeat(256) }, "field.tooLong", undefined],
    ["phone", { phone: "123" }, "field.unknown", undefined],
  ])("refuses a bad %s (%j) with 422 and changes nothing", async (path, over, code, message) => {
    const problem = await t.refused(422, () => post(fields(over), { as: USERS.spaBuyer }));
    expect(problem.violations).toContainEqual(
      expect.objectContaining({ propertyPath: path, code }),
    );
    if (message)
      expect(problem.violations?.find((v) => v.propertyPath === path)?.message).toBe(message);
  });

  it("reports every missing field at once", async () => {
    const problem = await t.refused(422, () => post([]));
    expect(problem.violations?.map((v) => v.propertyPath).sort()).toEqual([
      "email",
      "name",
      "question",
    ]);
  });

  it("refuses files whose content is not an accepted type, whatever their name", async () => {
    for (const [filename, data] of [
      ["setup.pdf", Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1")],
      ["photo.png", Buffer.from([0x00, 0x01, 0x02, 0x03])],
      ["notes.txt", Buffer.from("text with a NUL\x00 byte", "latin1")],
      ["notes.txt", Buffer.from([0x48, 0xe9, 0x6c, 0x6c, 0x6f])], // Latin-1, not UTF-8
      ["archive.docx", zip([{ name: "readme.txt", data: "hi" }])],
      ["empty.txt", Buffer.alloc(0)],
    ] as const) {
      const problem = await t.refused(422, () =>
        post([...fields(), { name: "file", filename, type: "application/pdf", data }], {
          as: USERS.spaBuyer,
        }),
      );
      expect(problem.violations?.[0]).toMatchObject({
        propertyPath: "file",
        code: "supportForm.fileType",
      });
    }
  });

  it("refuses a file under another field name and a file sent as text", async () => {
    let problem = await t.refused(422, () =>
      post([...fields(), { name: "attachment", filename: "a.png", data: PNG_1X1 }]),
    );
    expect(problem.violations?.[0]).toMatchObject({
      propertyPath: "attachment",
      code: "field.unknown",
    });
    problem = await t.refused(422, () => post([...fields(), { name: "file", value: "a.png" }]));
    expect(problem.violations?.[0]).toMatchObject({ propertyPath: "file", code: "field.type" });
    problem = await t.refused(422, () => post([...fields({ name: undefined }), ...fields()]));
    expect(problem.violations?.[0]).toMatchObject({ code: "fileUpload.duplicateField" });
  });

  it("refuses a file over 10 MB with 413 and two files with 400", async () => {
    const big = Buffer.concat([PDF_SNIPPET, Buffer.alloc(10 * 1024 * 1024)]);
    const problem = await t.refused(413, () =>
      post([...fields(), { name: "file", filename: "big.pdf", data: big }]),
    );
    expect(problem.detail).toBe("The file is too large. The maximum size is 10 MB.");
    await t.refused(400, () =>
      post([
        ...fields(),
        { name: "file", filename: "a.png", data: PNG_1X1 },
        { name: "file", filename: "b.png", data: PNG_1X1 },
      ]),
    );
  });

  it("refuses a body that is not multipart, and a bad token", async () => {
    await t.refused(415, () =>
      t.request("POST", URL, {
        body: { name: "a", email: "a@b.example", question: "q" },
      }),
    );
    await t.refused(401, () =>
      t.request("POST", URL, {
        token: "forged",
        body: "x",
        headers: { "content-type": "text/plain" },
      }),
    );
  });
});
