import qrcode from 'qrcode-generator';

/** A QR code as SVG (crisp at any size, on screen and on paper), dark modules on a white quiet zone. */
export function QrCode({ text, size = 96, label }: { text: string; size?: number; label: string }) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col},${row}h1v1h-1z`;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`-2 -2 ${count + 4} ${count + 4}`} shapeRendering="crispEdges">
      <rect x={-2} y={-2} width={count + 4} height={count + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
