import { describe, expect, it } from 'vitest';
import { sm } from '../messages';
import { blockPayload, blockSpan, validateBlock } from './blocks';
import { EMPTY_POPUP, isAllowedImage, isBlankHtml, popupDay, popupPayload, popupToForm, validatePopup, type PopupView } from './popupForm';
import { normaliseEditorHtml } from './richText';
import { termFormPath, termIdOfParam, termPayload, termSaveError, validateTerm } from './termForm';
import { readApiError } from '../../../shared/apiError';

const stored: PopupView = {
  id: 4,
  start_at: '2026-03-01T03:00:00Z',
  end_at: '2026-03-06T02:59:59Z',
  active: true,
  title: 'Aviso',
  label: 'Leia',
  imageUrl: '/uploads/popups/a.png',
  content: '<p>Oi</p>',
  company: { id: 1 },
  views: 5,
  viewsUnique: 2,
  createdAt: '2026-02-01T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
};

describe('pop-up dates', () => {
  it('are shown as São Paulo days (dd/MM/yyyy)', () => {
    expect(popupDay(stored.start_at)).toBe('01/03/2026');
    expect(popupDay(stored.end_at)).toBe('05/03/2026');
    expect(popupDay(null)).toBe('');
  });

  it('are edited and sent as whole days', () => {
    const f = popupToForm(stored);
    expect([f.start_at, f.end_at]).toEqual(['2026-03-01', '2026-03-05']);
    const body = popupPayload(1, f);
    expect([body.start_at, body.end_at]).toEqual(['2026-03-01', '2026-03-05']);
    expect('imageUrl' in body).toBe(false);
    expect(popupPayload(1, f, true).imageUrl).toBe('');
    expect(popupPayload(1, { ...EMPTY_POPUP, title: 'X' }).start_at).toBeNull();
  });

  it('refuse an end before the start, accept the same day and open ends', () => {
    const v = { ...EMPTY_POPUP, title: 'Aviso' };
    expect(validatePopup({ ...v, start_at: '2026-03-05', end_at: '2026-03-04' })).toEqual([
      { field: 'end_at', message: sm.popupEndBeforeStart },
    ]);
    expect(validatePopup({ ...v, start_at: '2026-03-05', end_at: '2026-03-05' })).toEqual([]);
    expect(validatePopup({ ...v, start_at: '2026-03-05' })).toEqual([]);
    expect(validatePopup({ ...v, end_at: '2026-03-05' })).toEqual([]);
  });

  it('want a title and a short label', () => {
    expect(validatePopup({ ...EMPTY_POPUP, title: ' ', label: 'x'.repeat(256) }).map((i) => i.field)).toEqual(['title', 'label']);
  });
});

describe('images', () => {
  it('accept png, jpeg and jpg only', () => {
    expect(isAllowedImage({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAllowedImage({ type: 'image/jpeg', name: 'a.jpeg' })).toBe(true);
    expect(isAllowedImage({ type: '', name: 'a.JPG' })).toBe(true);
    expect(isAllowedImage({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAllowedImage({ type: 'image/svg+xml', name: 'a.png' })).toBe(false);
    expect(isAllowedImage({ type: '', name: 'a.webp' })).toBe(false);
  });
});

describe('rich text', () => {
  it('treats an empty editor as empty and spaces as spaces', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/uploads/a.png"></p>')).toBe(false);
    expect(normaliseEditorHtml('<p><br></p>')).toBe('');
    expect(normaliseEditorHtml('<p>Li&nbsp;e&nbsp;aceito</p>')).toBe('<p>Li e aceito</p>');
  });
});

describe('blocked dates', () => {
  it("want a range ('Data é obrigatório')", () => {
    expect(validateBlock('Carnaval', null)).toEqual({ dates: 'Data é obrigatório' });
    expect(validateBlock('Carnaval', ['2026-02-16', ''])).toEqual({ dates: 'Data é obrigatório' });
    expect(validateBlock('Carnaval', ['2026-02-16', '2026-02-17'])).toEqual({});
    expect(validateBlock('x'.repeat(101), ['2026-02-16', '2026-02-17'])).toEqual({ title: sm.titleTooLong });
    expect(validateBlock('Ano', ['2028-01-01', '2029-01-01'])).toEqual({ dates: sm.blockTooMany });
  });

  it('send every day of the range and show the first and the last', () => {
    const body = blockPayload(2, ' Carnaval ', ['2026-02-16', '2026-02-18']);
    expect(body).toEqual({ company: { id: 2 }, title: 'Carnaval', dates: ['2026-02-16', '2026-02-17', '2026-02-18'] });
    expect(blockSpan(['2026-02-18', '2026-02-16', '2026-02-17'])).toEqual({ first: '2026-02-16', last: '2026-02-18' });
    expect(blockSpan([])).toBeNull();
  });
});

describe('the term form', () => {
  it("creates on 'undefined' and edits on an id", () => {
    expect(termIdOfParam('undefined')).toBeNull();
    expect(termIdOfParam('12')).toBe(12);
    expect(termIdOfParam('0')).toBeNull();
    expect(termFormPath(3, null)).toBe('/termos-de-acesso/3/novo/undefined');
    expect(termFormPath(3, 7)).toBe('/termos-de-acesso/3/novo/7');
    expect(termPayload(3, null, { title: ' Termos ', active: true, content: '<p>a</p>' })).toEqual({
      id: null,
      title: 'Termos',
      content: '<p>a</p>',
      active: true,
      company: { id: 3 },
    });
  });

  it('wants a title and some text', () => {
    expect(validateTerm({ title: '', active: false, content: '<p><br></p>' })).toEqual({
      title: sm.titleRequired,
      content: sm.contentRequired,
    });
    expect(validateTerm({ title: 'T', active: false, content: '<p>a</p>' })).toEqual({});
  });

  it("says 'Dado já cadastrado!' for a taken title, else 'Erro ao Cadastrar: ' and the server's text", () => {
    const dup = readApiError({ status: 409, data: { statusCode: 409, code: 'duplicate', message: 'Dado já cadastrado!' } });
    expect(termSaveError(dup)).toBe('Dado já cadastrado!');
    const other = readApiError({ status: 422, data: { statusCode: 422, code: 'validation', message: 'Título é obrigatório' } });
    expect(termSaveError(other)).toBe('Erro ao Cadastrar: Título é obrigatório');
  });
});
