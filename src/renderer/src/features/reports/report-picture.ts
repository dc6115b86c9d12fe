/**
 * Saves a chart as a PNG picture: its SVG is copied with every colour and font written into the copy (the
 * page's CSS variables and classes do not travel with an SVG drawn as an image), drawn on a canvas over the
 * card's background at twice the size (sharp on a high-density screen), and downloaded.
 */
const PAINT = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'fill-opacity',
  'font-size',
  'font-family',
  'font-weight',
] as const;

function inlineStyles(source: Element, copy: Element): void {
  const style = getComputedStyle(source);
  for (const p of PAINT) copy.setAttribute(p, style.getPropertyValue(p));
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i], copy.children[i]);
}

function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
}

export async function saveChartPicture(svg: SVGSVGElement, background: string, fileName: string): Promise<void> {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, copy);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  // A data: address, as the app's content policy allows images from data: and not from blob:.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the chart could not be drawn'));
    image.src = url;
  });
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.fillStyle = background;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.scale(scale, scale);
  g.drawImage(image, 0, 0, width, height);
  download(canvas.toDataURL('image/png'), fileName);
}

/** Downloads a text as a file. */
export function saveText(text: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  download(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
