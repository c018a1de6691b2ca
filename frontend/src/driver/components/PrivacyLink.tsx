import { useState } from 'react';
import { useCompanyTermQuery } from '../../features/company/api';
import { Modal } from '../ui/Modal';
import { TermsHtml } from '../../shared/ui/TermsHtml';
import { msg } from '../../shared/messages';

/** 'Política de Privacidade e Termos de Uso': the company's term in a modal, read on demand. */
export function PrivacyLink({ companyId }: { companyId: number | null }) {
  const [open, setOpen] = useState(false);
  const term = useCompanyTermQuery(companyId ?? 0, { skip: !open || companyId == null });
  return (
    <>
      <button type="button" className="d-link" onClick={() => setOpen(true)}>
        {msg.privacyAndTerms}
      </button>
      {open && (
        <Modal title={term.data?.title || msg.privacyAndTerms} onClose={() => setOpen(false)}>
          {term.isFetching ? (
            <p>{msg.loading}</p>
          ) : term.data ? (
            <TermsHtml html={term.data.content} />
          ) : (
            <p>{term.isError ? msg.connectionError : msg.noTermsText}</p>
          )}
        </Modal>
      )}
    </>
  );
}
