/** The installation's support contact, as SUPPORT_EMAIL and SUPPORT_PHONE set it. */
export interface SupportContacts {
  email?: string | null;
  phone?: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The foot every mail carries, so whoever reads one knows whom to ask. "Support" reads the same
 * in English and French, the two languages mail is written in. None when neither is set.
 */
export function helpFooter(support: SupportContacts): { text: string; html: string } | null {
  const email = support.email?.trim();
  const phone = support.phone?.trim();
  const parts = [
    ...(email ? [{ label: email, href: `mailto:${email}` }] : []),
    ...(phone ? [{ label: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` }] : []),
  ];
  if (!parts.length) return null;
  const links = parts.map((p) => `<a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a>`).join(' · ');
  return {
    text: `\n\n--\nSupport: ${parts.map((p) => p.label).join(' · ')}\n`,
    html: `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 8px"><p style="font-size:12px;color:#666">Support: ${links}</p>`,
  };
}

/** The mail with the help footer at the end of its text and before its HTML's closing body tag. */
export function withHelpFooter<M extends { text: string; html?: string }>(msg: M, support: SupportContacts): M {
  const footer = helpFooter(support);
  if (!footer) return msg;
  const html =
    msg.html === undefined
      ? undefined
      : /<\/body>/i.test(msg.html)
        ? msg.html.replace(/<\/body>(?![\s\S]*<\/body>)/i, `${footer.html}</body>`)
        : msg.html + footer.html;
  return { ...msg, text: msg.text.replace(/\s*$/, '') + footer.text, ...(html === undefined ? {} : { html }) };
}
