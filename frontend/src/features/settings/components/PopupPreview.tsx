/**
 * The live preview of a pop-up as the driver sees it on opening the app: image, title,
 * description and content, and the close button that counts down (spec 3 section 2).
 */
import { TermsHtml } from '../../../shared/ui/TermsHtml';
import { sm } from '../messages';
import { isBlankHtml } from '../model/popupForm';

export function PopupPreview({
  title,
  label,
  content,
  image,
}: {
  title: string;
  label: string;
  content: string;
  image: string | null;
}) {
  const empty = !title.trim() && !label.trim() && isBlankHtml(content) && !image;
  return (
    <div className="st-popup-preview" aria-label={sm.popupPreview} role="region" data-testid="popup-preview">
      {empty ? (
        <p className="st-help">{sm.popupPreviewEmpty}</p>
      ) : (
        <div className="st-popup-card">
          {image && <img src={image} alt={title || sm.popupImage} />}
          {title.trim() && <h3>{title}</h3>}
          {label.trim() && <p className="st-popup-label">{label}</p>}
          {!isBlankHtml(content) && <TermsHtml html={content} />}
          <div className="st-popup-close">
            <button type="button" disabled>
              {sm.popupClose} (5)
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
