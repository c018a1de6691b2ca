/**
 * Google reCAPTCHA v2, loaded only when the company enables it (the script is fetched on
 * first use, never shipped in the bundle).
 */
import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';

interface Grecaptcha {
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  reset(id?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    patioRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  if (!loading) {
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      window.patioRecaptchaLoaded = () => {
        if (window.grecaptcha) resolve(window.grecaptcha);
        else reject(new Error('reCAPTCHA'));
      };
      const script = document.createElement('script');
      script.src =
        'https://www.google.com/recaptcha/api.js?onload=patioRecaptchaLoaded&render=explicit&hl=pt-BR';
      script.async = true;
      script.defer = true;
      script.onerror = () => {
        loading = null;
        reject(new Error('reCAPTCHA'));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}

export interface RecaptchaHandle {
  reset(): void;
}

export function Recaptcha({
  siteKey,
  onToken,
  ref,
}: {
  siteKey: string;
  onToken: (token: string) => void;
  ref?: Ref<RecaptchaHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const emit = useEffectEvent((token: string) => onToken(token));

  useImperativeHandle(ref, () => ({
    reset() {
      if (widget.current !== null) window.grecaptcha?.reset(widget.current);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (g) => {
        if (cancelled || !box.current || widget.current !== null) return;
        widget.current = g.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => emit(token),
          'expired-callback': () => emit(''),
          'error-callback': () => emit(''),
        });
      },
      () => emit(''),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return <div ref={box} className="patio-recaptcha" />;
}
