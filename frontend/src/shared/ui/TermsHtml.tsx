/** A term's content: HTML already sanitised by the server (DESIGN section 3). */
export function TermsHtml({ html }: { html: string }) {
  return <div className="patio-terms-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
