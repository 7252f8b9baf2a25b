import { useEffect, useState } from 'react';

/**
 * `text` as a QR code: an SVG drawn in the browser on a white square (any phone camera reads it, whatever
 * the theme), named for screen readers by `label`. The encoder is fetched the first time one is drawn.
 *
 * @example
 * ```tsx
 * <QrCode text="bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" label="QR code of your deposit address" />
 * ```
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (drawn) => live && setSvg(drawn),
        () => live && setSvg(''),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return <div className="eng-qr" role="img" aria-label={label} data-drawn={svg ? true : undefined} dangerouslySetInnerHTML={{ __html: svg }} />;
}
