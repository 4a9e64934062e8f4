/**
 * SVG drawing of the shop's containers (perfume flacons, deodorants, travel sprays) and the small ornaments around
 * them. Every container is drawn in its own frame: base centre at (0, 0), growing upwards (negative y).
 * Shading is made of gradients only (no filters), which keeps rasterising fast.
 */
import type { Palette } from './catalogue';
import type { CapStyle, Design, Finish, FixedSilhouette, GlassSilhouette } from './design';

/** Coordinates rounded to one decimal: short, stable SVG text. */
export const num = (value: number) => String(Math.round(value * 10) / 10);

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(from: string, to: string, amount: number): string {
  const [fromRed, fromGreen, fromBlue] = channels(from);
  const [toRed, toGreen, toBlue] = channels(to);
  const blend = (c: number, d: number) =>
    Math.round(c + (d - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${blend(fromRed, toRed)}${blend(fromGreen, toGreen)}${blend(fromBlue, toBlue)}`;
}
export const lighten = (color: string, amount: number) => mix(color, '#ffffff', amount);
export const darken = (color: string, amount: number) => mix(color, '#000000', amount);
/** Relative brightness, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = channels(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

type Stop = readonly [offset: number, color: string, opacity?: number];

/** Collects the gradients, clips and masks of one SVG document and hands out unique ids for them. */
export class SvgDefs {
  private readonly parts: string[] = [];
  private next = 0;

  private add(kind: string, body: (id: string) => string): string {
    const id = `${kind}${this.next++}`;
    this.parts.push(body(id));
    return id;
  }

  private static stops(stops: readonly Stop[]) {
    return stops
      .map(
        ([offset, color, opacity = 1]) =>
          `<stop offset="${offset}" stop-color="${color}" stop-opacity="${Math.round(opacity * 1000) / 1000}"/>`,
      )
      .join('');
  }

  /** A gradient along (x1,y1)→(x2,y2) of the painted shape's bounding box (0..1); returns the paint. */
  linear(stops: readonly Stop[], [x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1]): string {
    const id = this.add(
      'g',
      (i) => `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${SvgDefs.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient centred at (cx,cy) of the painted shape's bounding box; returns the paint. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.add('r', (i) => `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${SvgDefs.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** A clip path from SVG shapes; returns the clip-path value. */
  clip(shapes: string): string {
    return `url(#${this.add('c', (i) => `<clipPath id="${i}">${shapes}</clipPath>`)})`;
  }

  /** A luminance mask over a rectangle of the referencing element's user space; returns the mask value. */
  mask(x: number, y: number, width: number, height: number, content: string): string {
    const id = this.add(
      'm',
      (i) =>
        `<mask id="${i}" maskUnits="userSpaceOnUse" x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}">${content}</mask>`,
    );
    return `url(#${id})`;
  }

  toString() {
    return `<defs>${this.parts.join('')}</defs>`;
  }
}

export function roundedRect(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height / 2);
  return (
    `M${num(x + r)} ${num(y)}H${num(x + width - r)}Q${num(x + width)} ${num(y)} ${num(x + width)} ${num(y + r)}` +
    `V${num(y + height - r)}Q${num(x + width)} ${num(y + height)} ${num(x + width - r)} ${num(y + height)}` +
    `H${num(x + r)}Q${num(x)} ${num(y + height)} ${num(x)} ${num(y + height - r)}V${num(y + r)}Q${num(x)} ${num(y)} ${num(x + r)} ${num(y)}Z`
  );
}

/** The eight-pointed star (khatam) of two squares: the house emblem. */
export function khatam(cx: number, cy: number, radius: number): string {
  const inner = radius * (Math.cos(Math.PI / 4) / Math.cos(Math.PI / 8));
  const points = Array.from({ length: 16 }, (_, i) => {
    const angle = (Math.PI * i) / 8 - Math.PI / 2;
    const r = i % 2 === 0 ? radius : inner;
    return `${num(cx + r * Math.cos(angle))} ${num(cy + r * Math.sin(angle))}`;
  });
  return `M${points.join('L')}Z`;
}

/** A four-pointed sparkle. */
export function sparkle(cx: number, cy: number, size: number, color: string, opacity: number): string {
  const w = size * 0.22;
  const d =
    `M${num(cx)} ${num(cy - size)}Q${num(cx + w)} ${num(cy - w)} ${num(cx + size)} ${num(cy)}` +
    `Q${num(cx + w)} ${num(cy + w)} ${num(cx)} ${num(cy + size)}Q${num(cx - w)} ${num(cy + w)} ${num(cx - size)} ${num(cy)}` +
    `Q${num(cx - w)} ${num(cy - w)} ${num(cx)} ${num(cy - size)}Z`;
  return `<path d="${d}" fill="${color}" opacity="${num(opacity)}"/>`;
}

/** A horizontal gradient of one colour lit from the left: each stop lightens (+) or darkens (−) it. */
function sideLit(defs: SvgDefs, color: string, tones: readonly (readonly [offset: number, tone: number])[]): string {
  const stops = tones.map(([offset, tone]) => [offset, tone >= 0 ? lighten(color, tone) : darken(color, -tone)] as const);
  return defs.linear(stops, [0, 0, 1, 0]);
}

/** Polished metal (or lacquer). */
const metal = (defs: SvgDefs, color: string) =>
  sideLit(defs, color, [
    [0, -0.45],
    [0.16, 0.5],
    [0.3, 0.15],
    [0.62, 0],
    [0.86, -0.3],
    [1, -0.5],
  ]);

/** An opaque cylinder (plastic or painted tin). */
const cylinder = (defs: SvgDefs, color: string) =>
  sideLit(defs, color, [
    [0, -0.32],
    [0.18, 0.3],
    [0.42, 0],
    [0.8, -0.12],
    [1, -0.38],
  ]);

const outline = (d: string, color: string, opacity = 0.45, width = 2.5) =>
  `<path d="${d}" fill="none" stroke="${darken(color, 0.55)}" stroke-opacity="${opacity}" stroke-width="${width}"/>`;

/** Vertical light streaks that make a cylinder or a glass read as round. */
function streaks(defs: SvgDefs, x: number, top: number, height: number, width: number, opacity: number): string {
  const fade = defs.linear([
    [0, '#ffffff', 0],
    [0.15, '#ffffff', opacity],
    [0.8, '#ffffff', opacity * 0.7],
    [1, '#ffffff', 0],
  ]);
  return (
    `<path d="${roundedRect(x, top, width, height, width / 2)}" fill="${fade}"/>` +
    `<path d="${roundedRect(-x - width * 0.45, top + height * 0.1, width * 0.45, height * 0.75, width / 4)}" fill="${fade}" opacity="0.55"/>`
  );
}

type GlassSpec = {
  outer: string;
  /** The cavity: the glass walls and the heavy base are what lies between it and `outer`. */
  inner: string;
  /** Moves the cavity up by this much (a thick glass base). */
  innerLift?: number;
  /** Top of the liquid (y). */
  liquidTop: number;
  /** Left and right of the shape, for the liquid and the streaks. */
  halfWidth: number;
  top: number;
};

/** Tinted glass holding coloured juice, with its walls, meniscus and reflections. */
function glassVessel(defs: SvgDefs, finish: Finish, spec: GlassSpec): string {
  const juice = finish.body;
  const glass = mix(finish.glass, juice, 0.3);
  const wall = defs.linear(
    [
      [0, darken(glass, 0.5), 0.85],
      [0.1, lighten(glass, 0.35), 0.5],
      [0.5, lighten(glass, 0.65), 0.3],
      [0.9, lighten(glass, 0.3), 0.5],
      [1, darken(glass, 0.5), 0.85],
    ],
    [0, 0, 1, 0],
  );
  const liquid = defs.linear([
    [0, lighten(juice, 0.25)],
    [0.55, juice],
    [1, darken(juice, 0.35)],
  ]);
  const depth = defs.linear(
    [
      [0, '#000000', 0.35],
      [0.25, '#000000', 0],
      [0.75, '#000000', 0],
      [1, '#000000', 0.4],
    ],
    [0, 0, 1, 0],
  );
  const cavity = defs.clip(`<path d="${spec.inner}" transform="translate(0 ${num(-(spec.innerLift ?? 0))})"/>`);
  const w = spec.halfWidth;
  const juiceBox = roundedRect(-w, spec.liquidTop, w * 2, -spec.liquidTop, 0);
  const height = -spec.top;
  return (
    `<path d="${spec.outer}" fill="${wall}"/>` +
    `<g clip-path="${cavity}"><path d="${juiceBox}" fill="${liquid}"/><path d="${juiceBox}" fill="${depth}"/>` +
    `<rect x="${num(-w)}" y="${num(spec.liquidTop)}" width="${num(w * 2)}" height="5" fill="${lighten(juice, 0.55)}" opacity="0.7"/></g>` +
    streaks(defs, -w * 0.72, spec.top + height * 0.07, height * 0.82, w * 0.13, 0.55) +
    outline(spec.outer, glass)
  );
}

/** A label plate with the house emblem. */
function emblemPlate(x: number, y: number, width: number, height: number, palette: Pick<Finish, 'cap' | 'accent'>): string {
  const cx = x + width / 2;
  const cy = y + height / 2;
  const r = Math.min(width, height) * 0.3;
  return (
    `<path d="${roundedRect(x, y, width, height, 6)}" fill="${palette.cap}" opacity="0.92"/>` +
    `<path d="${roundedRect(x + 5, y + 5, width - 10, height - 10, 4)}" fill="none" stroke="${palette.accent}" stroke-width="2"/>` +
    `<path d="${khatam(cx, cy, r)}" fill="none" stroke="${palette.accent}" stroke-width="3"/>` +
    `<path d="${khatam(cx, cy, r * 0.45)}" fill="${palette.accent}"/>`
  );
}

function emblemMedallion(cx: number, cy: number, radius: number, palette: Pick<Finish, 'cap' | 'accent'>): string {
  return (
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(radius)}" fill="${palette.cap}" opacity="0.92"/>` +
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(radius - 7)}" fill="none" stroke="${palette.accent}" stroke-width="2"/>` +
    `<path d="${khatam(cx, cy, radius * 0.58)}" fill="none" stroke="${palette.accent}" stroke-width="3"/>` +
    `<path d="${khatam(cx, cy, radius * 0.26)}" fill="${palette.accent}"/>`
  );
}

// --- The containers -------------------------------------------------------------------------------------------

/** A glass body: its outline, cavity and where the juice stands, in the container's frame (neck at `top`). */
type GlassBody = GlassSpec & { neck: number; emblem: (finish: Finish) => string; facets?: string };

/** The glass perfume silhouettes. */
const GLASS_BODIES: Record<GlassSilhouette, GlassBody> = {
  // A heavy-based rectangle.
  rectangular: {
    outer: roundedRect(-150, -400, 300, 400, 30),
    inner: roundedRect(-128, -380, 256, 330, 18),
    liquidTop: -335,
    halfWidth: 150,
    top: -400,
    neck: 46,
    emblem: (finish) => emblemPlate(-86, -255, 172, 104, finish),
  },
  // A low dome.
  round: {
    outer: domeBody(195, 360),
    inner: domeBody(172, 318),
    innerLift: 24,
    liquidTop: -290,
    halfWidth: 195,
    top: -360,
    neck: 42,
    emblem: (finish) => emblemMedallion(0, -165, 60, finish),
  },
  // An octagon with bevelled corners, its cuts catching the light.
  faceted: {
    outer: 'M-140 0L140 0L185 -55V-300L140 -355H-140L-185 -300V-55Z',
    inner: 'M-124 -18L124 -18L164 -64V-292L124 -336H-124L-164 -292V-64Z',
    liquidTop: -300,
    halfWidth: 185,
    top: -355,
    neck: 44,
    facets: 'M-140 0V-355M140 0V-355M-185 -55H185M-185 -300H185',
    emblem: (finish) => emblemMedallion(0, -178, 54, finish),
  },
  // A slim column.
  tall: {
    outer: roundedRect(-95, -520, 190, 520, 38),
    inner: roundedRect(-78, -500, 156, 460, 26),
    liquidTop: -460,
    halfWidth: 95,
    top: -520,
    neck: 36,
    emblem: (finish) => emblemPlate(-62, -300, 124, 92, finish),
  },
  // A flask with sloping shoulders.
  flacon: {
    outer: 'M-130 0Q-162 0 -162 -32V-250C-162 -330 -62 -360 -50 -410H50C62 -360 162 -330 162 -250V-32Q162 0 130 0Z',
    inner: 'M-114 -22Q-142 -22 -142 -48V-250C-142 -318 -52 -346 -40 -390H40C52 -346 142 -318 142 -250V-48Q142 -22 114 -22Z',
    liquidTop: -310,
    halfWidth: 162,
    top: -410,
    neck: 44,
    emblem: (finish) => emblemPlate(-80, -205, 160, 96, finish),
  },
};

type Cap = { width: number; height: number; draw(defs: SvgDefs, finish: Finish, bottom: number): string };

/** Cap styles, each standing on the collar at `bottom`. */
const CAPS: Record<CapStyle, Cap> = {
  tower: {
    width: 160,
    height: 186,
    draw: (defs, finish, b) =>
      `<path d="${roundedRect(-80, b - 186, 160, 186, 10)}" fill="${metal(defs, finish.cap)}"/>` +
      `<path d="M-52 ${num(b - 174)}V${num(b - 12)}M52 ${num(b - 174)}V${num(b - 12)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>` +
      outline(roundedRect(-80, b - 186, 160, 186, 10), finish.cap, 0.5),
  },
  gem: {
    width: 224,
    height: 194,
    draw: (defs, finish, b) => {
      const gem = `M-90 ${b}L90 ${b}L112 ${b - 92}L62 ${b - 194}L-62 ${b - 194}L-112 ${b - 92}Z`;
      return (
        `<path d="${gem}" fill="${metal(defs, finish.cap)}"/>` +
        `<path d="M-112 ${b - 92}H112M-62 ${b - 194}L-30 ${b - 92}L0 ${b}M62 ${b - 194}L30 ${b - 92}L0 ${b}M-30 ${b - 92}L0 ${b - 194}L30 ${b - 92}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2.5"/>` +
        outline(gem, finish.cap, 0.5)
      );
    },
  },
  sphere: {
    width: 188,
    height: 188,
    draw: (defs, finish, b) =>
      `<circle cx="0" cy="${b - 94}" r="94" fill="${defs.radial(
        [
          [0, lighten(finish.cap, 0.6)],
          [0.45, finish.cap],
          [1, darken(finish.cap, 0.45)],
        ],
        0.35,
        0.3,
        0.75,
      )}"/>` + `<ellipse cx="-30" cy="${b - 136}" rx="22" ry="13" fill="#ffffff" opacity="0.45" transform="rotate(-30 -30 ${b - 136})"/>`,
  },
  ribbed: {
    width: 132,
    height: 136,
    draw: (defs, finish, b) => {
      const ribs = Array.from({ length: 6 }, (_, i) => `M-64 ${num(b - 118 + i * 19)}H64`).join('');
      return (
        `<path d="${roundedRect(-66, b - 136, 132, 136, 14)}" fill="${metal(defs, finish.cap)}"/>` +
        `<path d="${ribs}" stroke="#000000" stroke-opacity="0.12" stroke-width="2"/>` +
        outline(roundedRect(-66, b - 136, 132, 136, 14), finish.cap, 0.5)
      );
    },
  },
  disc: {
    width: 230,
    height: 96,
    draw: (defs, finish, b) =>
      `<path d="${roundedRect(-28, b - 40, 56, 40, 6)}" fill="${metal(defs, finish.cap)}"/>` +
      `<path d="${roundedRect(-115, b - 96, 230, 58, 29)}" fill="${metal(defs, finish.cap)}"/>` +
      outline(roundedRect(-115, b - 96, 230, 58, 29), finish.cap, 0.5),
  },
};

/** A perfume: the glass body, a collar in the trim's metal and the cap on top. */
function perfume(defs: SvgDefs, silhouette: GlassSilhouette, cap: CapStyle, finish: Finish): string {
  const body = GLASS_BODIES[silhouette];
  const collarTop = body.top - 30;
  return (
    glassVessel(defs, finish, body) +
    (body.facets ? `<path d="${body.facets}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>` : '') +
    `<path d="${roundedRect(-body.neck, collarTop, body.neck * 2, 34, 5)}" fill="${metal(defs, finish.accent)}"/>` +
    CAPS[cap].draw(defs, finish, collarTop + 2) +
    body.emblem(finish)
  );
}

function domeBody(halfWidth: number, height: number): string {
  const w = halfWidth;
  const h = height;
  return (
    `M${num(-w * 0.62)} 0C${num(-w * 0.95)} 0 ${num(-w)} ${num(-h * 0.11)} ${num(-w)} ${num(-h * 0.44)}` +
    `C${num(-w)} ${num(-h * 0.83)} ${num(-w * 0.62)} ${num(-h)} 0 ${num(-h)}` +
    `C${num(w * 0.62)} ${num(-h)} ${num(w)} ${num(-h * 0.83)} ${num(w)} ${num(-h * 0.44)}` +
    `C${num(w)} ${num(-h * 0.11)} ${num(w * 0.95)} 0 ${num(w * 0.62)} 0Z`
  );
}

/** Sporty body-mist bottle: a tall translucent capsule with a racing stripe and a pump. */
function sport(defs: SvgDefs, finish: Finish): string {
  const outer = 'M-95 -30Q-95 0 -65 0L65 0Q95 0 95 -30L95 -390Q95 -462 25 -468L-25 -468Q-95 -462 -95 -390Z';
  const vessel = glassVessel(defs, finish, {
    outer,
    inner: 'M-80 -40Q-80 -14 -56 -14L56 -14Q80 -14 80 -40L80 -385Q80 -448 22 -452L-22 -452Q-80 -448 -80 -385Z',
    liquidTop: -420,
    halfWidth: 95,
    top: -468,
  });
  const body = defs.clip(`<path d="${outer}"/>`);
  const capPaint = cylinder(defs, finish.cap);
  return (
    vessel +
    `<g clip-path="${body}"><path d="M-100 -150L100 -235V-190L-100 -105Z" fill="${finish.accent}" opacity="0.92"/>` +
    `<path d="M-100 -92L100 -177V-166L-100 -81Z" fill="${finish.accent}" opacity="0.7"/></g>` +
    `<path d="${roundedRect(-40, -500, 80, 36, 6)}" fill="${capPaint}"/>` +
    `<path d="M-40 -492H40M-40 -482H40M-40 -472H40" stroke="#000000" stroke-opacity="0.18" stroke-width="2"/>` +
    `<path d="${roundedRect(-48, -568, 96, 72, 14)}" fill="${capPaint}"/>` +
    `<circle cx="0" cy="-540" r="8" fill="${darken(finish.cap, 0.6)}"/>` +
    outline(roundedRect(-48, -568, 96, 72, 14), finish.cap)
  );
}

/** Twist-up deodorant stick: an opaque oval tube with a cap and a ridged base. */
function stick(defs: SvgDefs, finish: Finish): string {
  const body = roundedRect(-100, -360, 200, 360, 26);
  const ridges = Array.from({ length: 9 }, (_, i) => `M${-80 + i * 20} -38V-8`).join('');
  return (
    `<path d="${body}" fill="${cylinder(defs, finish.body)}"/>` +
    `<path d="${roundedRect(-100, -46, 200, 46, 20)}" fill="${cylinder(defs, darken(finish.body, 0.12))}"/>` +
    `<path d="${ridges}" stroke="#000000" stroke-opacity="0.16" stroke-width="3"/>` +
    `<path d="${roundedRect(-104, -470, 208, 122, 30)}" fill="${cylinder(defs, finish.cap)}"/>` +
    `<path d="M-104 -372H104" stroke="#000000" stroke-opacity="0.18" stroke-width="3"/>` +
    streaks(defs, -78, -450, 430, 16, 0.35) +
    emblemPlate(-70, -265, 140, 110, finish) +
    outline(body, finish.body, 0.35) +
    outline(roundedRect(-104, -470, 208, 122, 30), finish.cap, 0.35)
  );
}

/** Aerosol deodorant can with a domed actuator. */
function sprayCan(defs: SvgDefs, finish: Finish): string {
  const body = roundedRect(-88, -440, 176, 440, 14);
  const shoulder = 'M-88 -428C-88 -480 -40 -494 -28 -496L28 -496C40 -494 88 -480 88 -428Z';
  const actuator = 'M-72 -500L72 -500L66 -580Q0 -616 -66 -580Z';
  const band = defs.clip(`<path d="${body}"/>`);
  return (
    `<path d="${body}" fill="${metal(defs, finish.body)}"/>` +
    `<g clip-path="${band}"><path d="M-90 -300H90V-150H-90Z" fill="${cylinder(defs, finish.accent)}" opacity="0.9"/>` +
    `<path d="M-90 -316H90V-308H-90ZM-90 -142H90V-134H-90Z" fill="${finish.cap}" opacity="0.9"/></g>` +
    `<path d="${khatam(0, -225, 40)}" fill="none" stroke="${finish.cap}" stroke-width="4"/>` +
    `<path d="${khatam(0, -225, 17)}" fill="${finish.cap}"/>` +
    `<path d="M-88 -14H88" stroke="#000000" stroke-opacity="0.25" stroke-width="4"/>` +
    `<path d="${shoulder}" fill="${metal(defs, '#c8ccd2')}"/>` +
    `<path d="${roundedRect(-26, -512, 52, 18, 4)}" fill="${metal(defs, '#d9dde2')}"/>` +
    `<path d="${actuator}" fill="${cylinder(defs, finish.cap)}"/>` +
    `<path d="${roundedRect(-14, -566, 28, 10, 4)}" fill="${darken(finish.cap, 0.55)}"/>` +
    streaks(defs, -68, -420, 400, 14, 0.4) +
    outline(body, finish.body, 0.35) +
    outline(actuator, finish.cap, 0.35)
  );
}

/** Roll-on deodorant: a bulbous bottle under a tall rounded cap. */
function rollOn(defs: SvgDefs, finish: Finish): string {
  const body = 'M-70 0Q-95 0 -95 -40L-95 -210Q-95 -282 -50 -292L50 -292Q95 -282 95 -210L95 -40Q95 0 70 0Z';
  const cap = roundedRect(-64, -522, 128, 240, 44);
  return (
    `<path d="${body}" fill="${cylinder(defs, finish.body)}"/>` +
    `<path d="${cap}" fill="${cylinder(defs, finish.cap)}"/>` +
    `<path d="M-64 -296H64" stroke="#000000" stroke-opacity="0.15" stroke-width="3"/>` +
    emblemMedallion(0, -150, 52, finish) +
    streaks(defs, -70, -270, 250, 14, 0.4) +
    streaks(defs, -46, -505, 200, 11, 0.45) +
    outline(body, finish.body, 0.35) +
    outline(cap, finish.cap, 0.35)
  );
}

/** Slim 10 ml pocket atomiser with a metal cap and pocket clip. */
function atomiser(defs: SvgDefs, finish: Finish): string {
  const vessel = glassVessel(defs, finish, {
    outer: roundedRect(-44, -330, 88, 330, 16),
    inner: roundedRect(-34, -320, 68, 302, 10),
    liquidTop: -290,
    halfWidth: 44,
    top: -330,
  });
  const capPaint = metal(defs, finish.cap);
  const cap = roundedRect(-48, -502, 96, 182, 16);
  return (
    vessel +
    `<path d="${cap}" fill="${capPaint}"/>` +
    `<path d="M-48 -340H48" stroke="${finish.accent}" stroke-width="5"/>` +
    `<path d="${roundedRect(44, -492, 14, 128, 6)}" fill="${metal(defs, finish.accent)}"/>` +
    `<circle cx="51" cy="-370" r="9" fill="${metal(defs, finish.accent)}"/>` +
    `<path d="${khatam(0, -150, 24)}" fill="none" stroke="${finish.accent}" stroke-width="3"/>` +
    `<path d="${khatam(0, -150, 10)}" fill="${finish.accent}"/>` +
    outline(cap, finish.cap, 0.5)
  );
}

type Fixed = { width: number; height: number; draw(defs: SvgDefs, finish: Finish): string };

/** Containers whose cap belongs to the shape. */
const FIXED: Record<FixedSilhouette, Fixed> = {
  atomiser: { width: 116, height: 502, draw: atomiser },
  sport: { width: 190, height: 568, draw: sport },
  stick: { width: 208, height: 470, draw: stick },
  'spray-can': { width: 176, height: 600, draw: sprayCan },
  'roll-on': { width: 190, height: 522, draw: rollOn },
};

/** Size of a drawn container in its own units, cap included (for layout). */
export function containerSize(design: Design): { width: number; height: number } {
  if (!('cap' in design)) return FIXED[design.silhouette];
  const body = GLASS_BODIES[design.silhouette];
  const cap = CAPS[design.cap];
  return { width: Math.max(body.halfWidth * 2, cap.width), height: -body.top + 28 + cap.height };
}

/** The container of a design, its base centre at (0, 0). */
export function drawContainer(defs: SvgDefs, design: Design): string {
  return 'cap' in design ? perfume(defs, design.silhouette, design.cap, design.finish) : FIXED[design.silhouette].draw(defs, design.finish);
}

/**
 * A box seen slightly from the right: front, side and lid with a ribbon; a product box carries the emblem, a
 * gift-wrapped one (`bow`) a bow instead.
 */
export function giftBox(
  defs: SvgDefs,
  palette: Palette,
  x: number,
  bottom: number,
  width: number,
  height: number,
  options: { bow: boolean },
): string {
  const depth = width * 0.22;
  const rise = depth * 0.6;
  const top = bottom - height;
  const color = luminance(palette.to) > 0.6 ? darken(palette.to, 0.1) : lighten(palette.to, 0.08);
  const front = `M${num(x)} ${num(top)}H${num(x + width)}V${num(bottom)}H${num(x)}Z`;
  const side = `M${num(x + width)} ${num(top)}L${num(x + width + depth)} ${num(top - rise)}V${num(bottom - rise)}L${num(x + width)} ${num(bottom)}Z`;
  const lid = `M${num(x)} ${num(top)}L${num(x + depth)} ${num(top - rise)}H${num(x + width + depth)}L${num(x + width)} ${num(top)}Z`;
  const ribbonX = x + width * 0.5;
  const ribbon = palette.accent;
  const bow =
    `<ellipse cx="${num(ribbonX + depth / 2 - 46)}" cy="${num(top - rise / 2 - 24)}" rx="52" ry="26" fill="none" stroke="${ribbon}" stroke-width="16" transform="rotate(-18 ${num(ribbonX + depth / 2 - 46)} ${num(top - rise / 2 - 24)})"/>` +
    `<ellipse cx="${num(ribbonX + depth / 2 + 46)}" cy="${num(top - rise / 2 - 24)}" rx="52" ry="26" fill="none" stroke="${ribbon}" stroke-width="16" transform="rotate(18 ${num(ribbonX + depth / 2 + 46)} ${num(top - rise / 2 - 24)})"/>` +
    `<circle cx="${num(ribbonX + depth / 2)}" cy="${num(top - rise / 2 - 18)}" r="17" fill="${darken(ribbon, 0.1)}"/>`;
  return (
    `<path d="${front}" fill="${defs.linear([
      [0, lighten(color, 0.06)],
      [1, darken(color, 0.12)],
    ])}"/>` +
    `<path d="${side}" fill="${darken(color, 0.28)}"/>` +
    `<path d="${lid}" fill="${lighten(color, 0.16)}"/>` +
    `<path d="M${num(ribbonX - 14)} ${num(top)}H${num(ribbonX + 14)}V${num(bottom)}H${num(ribbonX - 14)}Z" fill="${ribbon}"/>` +
    `<path d="M${num(ribbonX - 14)} ${num(top)}L${num(ribbonX - 14 + depth)} ${num(top - rise)}H${num(ribbonX + 14 + depth)}L${num(ribbonX + 14)} ${num(top)}Z" fill="${lighten(ribbon, 0.15)}"/>` +
    (options.bow
      ? bow
      : `<path d="${khatam(x + width * 0.5, top + height * 0.45, width * 0.2)}" fill="none" stroke="${ribbon}" stroke-width="5" opacity="0.9"/>` +
        `<path d="${khatam(x + width * 0.5, top + height * 0.45, width * 0.08)}" fill="${ribbon}"/>`)
  );
}
