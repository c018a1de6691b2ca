//! Uploaded images (company logo, pop-up image): PNG or JPEG, told by their bytes rather than by
//! the file name or the declared type, and at most [`MAX_IMAGE_BYTES`] (DESIGN section 3).

/// Largest image accepted: 2 MB.
pub const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;

pub const IMAGE_REQUIRED_MESSAGE: &str = "Selecione uma imagem.";
pub const IMAGE_TYPE_MESSAGE: &str = "A imagem deve ser PNG ou JPEG.";
pub const IMAGE_TOO_LARGE_MESSAGE: &str = "A imagem deve ter no máximo 2 MB.";

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
const JPEG_SIGNATURE: [u8; 3] = [0xFF, 0xD8, 0xFF];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
}

impl ImageKind {
    /// The file extension it is stored with.
    pub const fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
        }
    }

    pub const fn mime(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
        }
    }
}

/// Why an upload was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageRefusal {
    Empty,
    NotPngOrJpeg,
    TooLarge,
}

impl ImageRefusal {
    pub const fn message(self) -> &'static str {
        match self {
            ImageRefusal::Empty => IMAGE_REQUIRED_MESSAGE,
            ImageRefusal::NotPngOrJpeg => IMAGE_TYPE_MESSAGE,
            ImageRefusal::TooLarge => IMAGE_TOO_LARGE_MESSAGE,
        }
    }
}

/// The kind of image by its magic numbers: the PNG signature followed by the `IHDR` chunk, or
/// the JPEG start-of-image marker followed by another marker.
pub fn detect(bytes: &[u8]) -> Option<ImageKind> {
    if bytes.len() >= 24 && bytes[..8] == PNG_SIGNATURE && &bytes[12..16] == b"IHDR" {
        Some(ImageKind::Png)
    } else if bytes.len() >= 4 && bytes[..3] == JPEG_SIGNATURE {
        Some(ImageKind::Jpeg)
    } else {
        None
    }
}

/// Accepts a PNG or JPEG of at most [`MAX_IMAGE_BYTES`]. The caller may hand over only the
/// first `MAX_IMAGE_BYTES + 1` bytes of a larger upload: that is enough to refuse it.
pub fn check_image(bytes: &[u8]) -> Result<ImageKind, ImageRefusal> {
    if bytes.is_empty() {
        return Err(ImageRefusal::Empty);
    }
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(ImageRefusal::TooLarge);
    }
    detect(bytes).ok_or(ImageRefusal::NotPngOrJpeg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest PNG header: signature, IHDR length and type, 1x1 pixel.
    fn png() -> Vec<u8> {
        let mut b = PNG_SIGNATURE.to_vec();
        b.extend_from_slice(&[0, 0, 0, 13]);
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
        b
    }

    fn jpeg() -> Vec<u8> {
        vec![
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0,
        ]
    }

    #[test]
    fn png_and_jpeg_are_told_by_their_bytes() {
        assert_eq!(check_image(&png()), Ok(ImageKind::Png));
        assert_eq!(check_image(&jpeg()), Ok(ImageKind::Jpeg));
        assert_eq!(ImageKind::Png.extension(), "png");
        assert_eq!(ImageKind::Jpeg.extension(), "jpg");
        assert_eq!(ImageKind::Jpeg.mime(), "image/jpeg");
    }

    #[test]
    fn text_renamed_as_an_image_is_refused() {
        assert_eq!(
            check_image(b"<svg onload=alert(1)>"),
            Err(ImageRefusal::NotPngOrJpeg)
        );
        assert_eq!(
            check_image(b"just some text.png"),
            Err(ImageRefusal::NotPngOrJpeg)
        );
        // GIF, WebP and a truncated PNG signature are not accepted either.
        assert_eq!(
            check_image(b"GIF89a\x01\x00\x01\x00"),
            Err(ImageRefusal::NotPngOrJpeg)
        );
        assert_eq!(
            check_image(b"RIFF\0\0\0\0WEBPVP8 "),
            Err(ImageRefusal::NotPngOrJpeg)
        );
        assert_eq!(check_image(&png()[..10]), Err(ImageRefusal::NotPngOrJpeg));
    }

    #[test]
    fn empty_and_oversized_uploads_are_refused() {
        assert_eq!(check_image(&[]), Err(ImageRefusal::Empty));
        let mut big = png();
        big.resize(MAX_IMAGE_BYTES, 0);
        assert_eq!(check_image(&big), Ok(ImageKind::Png));
        big.push(0);
        assert_eq!(check_image(&big), Err(ImageRefusal::TooLarge));
        assert_eq!(
            ImageRefusal::TooLarge.message(),
            "A imagem deve ter no máximo 2 MB."
        );
    }
}
