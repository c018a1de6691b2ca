/**
 * The company logo (tab Informações): the current logo, a file chooser (PNG or JPEG), a crop
 * box of 640x264 with a 200x264 preview (spec 3 section 5), and the upload (POST
 * /api/settings/upload, multipart `logo` + `company`). The crop is drawn on a canvas as a
 * 640x264 PNG; zooming out leaves a transparent margin, so a whole logo always fits.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { App, Button, Modal, Slider, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { readApiError } from '../../../shared/apiError';
import { isPngOrJpeg } from '../../../shared/imageBytes';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useUploadLogoMutation } from '../api';
import { sm } from '../messages';
import { IMAGE_ACCEPT, isAllowedImage, MAX_IMAGE_BYTES } from '../model/popupForm';

export const LOGO_WIDTH = 640;
export const LOGO_HEIGHT = 264;
const ASPECT = LOGO_WIDTH / LOGO_HEIGHT;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

/** The crop as a LOGO_WIDTH x LOGO_HEIGHT canvas. */
async function drawCrop(src: string, area: Area): Promise<HTMLCanvasElement> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = LOGO_WIDTH;
  canvas.height = LOGO_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  ctx.imageSmoothingQuality = 'high';
  // The area may run past the image (zoomed out): draw the part that is on it, in proportion.
  const sx = Math.max(0, area.x);
  const sy = Math.max(0, area.y);
  const ex = Math.min(img.naturalWidth, area.x + area.width);
  const ey = Math.min(img.naturalHeight, area.y + area.height);
  if (ex > sx && ey > sy) {
    const kx = LOGO_WIDTH / area.width;
    const ky = LOGO_HEIGHT / area.height;
    ctx.drawImage(img, sx, sy, ex - sx, ey - sy, (sx - area.x) * kx, (sy - area.y) * ky, (ex - sx) * kx, (ey - sy) * ky);
  }
  return canvas;
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('blob'))), 'image/png'),
  );
}

export function LogoUpload({ companyId, logo }: { companyId: number; logo: string | null }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [boxWidth, setBoxWidth] = useState(LOGO_WIDTH);
  const box = useRef<HTMLDivElement | null>(null);
  const [upload, { isLoading }] = useUploadLogoMutation();

  // The crop box fills its frame: 640x264, narrower on a small screen.
  useLayoutEffect(() => {
    if (!src) return;
    const measure = () => setBoxWidth(Math.min(LOGO_WIDTH, box.current?.clientWidth || LOGO_WIDTH));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [src]);

  useEffect(() => {
    if (!src || !area) return;
    let live = true;
    drawCrop(src, area)
      .then((c) => live && setPreview(c.toDataURL('image/png')))
      .catch(() => live && setPreview(null));
    return () => {
      live = false;
    };
  }, [src, area]);

  const close = useCallback(() => {
    setSrc(null);
    setPreview(null);
    setArea(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    if (input.current) input.current.value = '';
  }, []);

  async function choose(file: File | undefined) {
    if (!file) return;
    // The name and the browser's type are guesses: the first bytes decide.
    if (!isAllowedImage(file) || !(await isPngOrJpeg(file))) {
      void message.error(sm.logoType, TOAST_SECONDS);
      if (input.current) input.current.value = '';
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setSrc(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => void message.error(sm.imageReadError, TOAST_SECONDS);
    reader.readAsDataURL(file);
  }

  async function send() {
    if (!src || !area) return;
    try {
      const blob = await toBlob(await drawCrop(src, area));
      if (blob.size > MAX_IMAGE_BYTES) {
        void message.error(sm.logoTooLarge, TOAST_SECONDS);
        return;
      }
      await upload({ companyId, file: blob, name: 'logo.png' }).unwrap();
      void message.success(sm.logoSent, TOAST_SECONDS);
      close();
    } catch (e) {
      const err = readApiError(e);
      void message.error(err.fields.logo ?? (err.statusCode ? err.message : sm.imageReadError), TOAST_SECONDS);
    }
  }

  const cropHeight = Math.round((boxWidth * LOGO_HEIGHT) / LOGO_WIDTH);

  return (
    <div className="st-logo">
      <div className="st-logo-current">
        <Typography.Text type="secondary">{sm.logoCurrent}</Typography.Text>
        {logo ? <img src={logo} alt={sm.logoCurrent} /> : <Typography.Text>{sm.logoNone}</Typography.Text>}
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="st-visually-hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="logo-file"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
        {sm.logoChoose}
      </Button>
      <Modal
        open={!!src}
        title={sm.logoCropTitle}
        width={720}
        onCancel={close}
        okText={sm.logoSend}
        cancelText={sm.cancel}
        okButtonProps={{ loading: isLoading, disabled: !area }}
        onOk={() => void send()}
        destroyOnHidden
      >
        <div ref={box} className="st-crop-frame" style={{ height: cropHeight }}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={0.2}
              maxZoom={5}
              aspect={ASPECT}
              cropSize={{ width: boxWidth, height: cropHeight }}
              restrictPosition={false}
              objectFit="contain"
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <Space align="center" style={{ width: '100%', marginTop: 12 }}>
          <span id="st-logo-zoom">{sm.logoZoom}</span>
          <Slider
            style={{ width: 240 }}
            min={0.2}
            max={5}
            step={0.05}
            value={zoom}
            onChange={(v) => setZoom(Array.isArray(v) ? v[0] : v)}
            aria-labelledby="st-logo-zoom"
          />
        </Space>
        <div className="st-logo-preview-wrap">
          <Typography.Text type="secondary">{sm.logoPreview}</Typography.Text>
          <div className="st-logo-preview" data-testid="logo-preview">
            {preview && <img src={preview} alt={sm.logoPreview} />}
          </div>
        </div>
      </Modal>
    </div>
  );
}
