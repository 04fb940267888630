import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import pt from '../../locales/pt/translation.json';
import { demoPages } from '../../server/db/seed/demo-pages';

/**
 * The PT catalogue and the demo's PT content are Brazilian Portuguese (the brand serves Brazil: +55, PIX,
 * BRL). These words and phrases are European Portuguese only; each has a Brazilian form to use instead
 * (utilizador → usuário, palavra-passe → senha, telemóvel → celular, registar → cadastrar, levantar →
 * sacar, bónus → bônus, "está a fazer" → "está fazendo", tu → você…). Matched as whole words, any case.
 */
const europeanOnly = [
  'utilizador',
  'utilizadores',
  'utilizadora',
  'telemóvel',
  'telemóveis',
  'registar',
  'registe',
  'registe-se',
  'registo',
  'registos',
  'registado',
  'registada',
  'bónus',
  'desporto',
  'desportos',
  'desportivo',
  'desportiva',
  'palavra-passe',
  'palavras-passe',
  'ecrã',
  'ecrãs',
  'ficheiro',
  'ficheiros',
  'equipa',
  'equipas',
  'contacto',
  'contactos',
  'contactar',
  'contacte',
  'connosco',
  'levantar',
  'levante',
  'levantamento',
  'levantamentos',
  'prémio',
  'prémios',
  'económico',
  'económica',
  'cêntimos',
  'casino',
  'lotaria',
  'lotarias',
  'ronda',
  'rondas',
  'guardar',
  'guardado',
  'guardada',
  'descarregar',
  'descarregue',
  'digitalize',
  'digitalizar',
  'introduza',
  'introduzir',
  'definições',
  'aplicação',
  'aplicações',
  'ligação',
  'morada',
  'código postal',
  'demasiado',
  'demasiada',
  'demasiados',
  'demasiadas',
  'noutro',
  'noutra',
  'noutros',
  'noutras',
  'nenhures',
  'facto',
  'acção',
  'activar',
  'a minha',
  'as minhas',
  'o meu',
  'os meus',
  'apoio ao cliente',
  'iniciar sessão',
  'inicie sessão',
  'início de sessão',
  'terminar a sessão',
  'dois passos',
  'a carregar',
  'a verificar',
  'à espera',
  'por si',
  'para si',
  'de si',
  'tu',
  'estás',
  'tens',
  'podes',
  'queres',
  'teu',
  'tua',
  'teus',
  'tuas',
  'contigo',
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so "registe-se" wins over "registe".
const alternatives = [...europeanOnly].sort((x, y) => y.length - x.length).map(escapeRegExp);
const wordList = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
/** The European progressive, "estar a" + infinitive ("está a carregar"); Brazil says "está carregando". */
const progressive =
  /(?<![\p{L}\p{N}])(?:estou|estás|está|estamos|estão|estava|estavam) a \p{L}+[aeio]r(?![\p{L}\p{N}])/giu;

function europeanForms(text: string): string[] {
  return [...text.matchAll(wordList), ...text.matchAll(progressive)].map((m) => m[0]);
}

function strings(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  if (Array.isArray(node)) return node.flatMap((v, i) => strings(v, `${prefix}[${i}]`));
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

function offenders(entries: Array<[string, string]>) {
  return entries.flatMap(([where, text]) => {
    const found = europeanForms(text);
    return found.length ? [`${where}: ${found.join(', ')} in "${text}"`] : [];
  });
}

/** Every `pt: '…'` string written in a seed file (demo content, payment methods, the first brand). */
const seedSources = import.meta.glob<string>('../../server/db/seed/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ptLiteral = /\bpt:\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
const seedPt = Object.entries(seedSources).flatMap(([file, source]) =>
  [...source.matchAll(ptLiteral)].map((m): [string, string] => [file, m[2]!]),
);

describe('PT is Brazilian Portuguese', () => {
  it('recognises the European forms it guards against', () => {
    expect(europeanForms('Nome de utilizador ou palavra-passe incorretos')).toEqual([
      'utilizador',
      'palavra-passe',
    ]);
    expect(europeanForms('Está a iniciar sessão. Registe-se no ecrã! Bónus de desporto')).toEqual([
      'iniciar sessão',
      'Registe-se',
      'ecrã',
      'Bónus',
      'desporto',
      'Está a iniciar',
    ]);
    expect(europeanForms('A minha conta, o teu telemóvel, A carregar…')).toEqual([
      'A minha',
      'teu',
      'telemóvel',
      'A carregar',
    ]);
    expect(
      europeanForms('Nome de usuário ou senha. Você está entrando. Está a caminho. Da minha rede. Cadastro'),
    ).toEqual([]);
  });

  it('has no European-only forms in the PT catalogue', () => {
    expect(offenders(strings(pt))).toEqual([]);
  });

  it('has no European-only forms in the PT seed content', () => {
    expect(seedPt.length).toBeGreaterThan(40);
    expect(offenders(seedPt)).toEqual([]);
    expect(
      offenders(demoPages.flatMap((p) => strings([p.title.pt, p.body.pt], `demoPages.${p.code}`))),
    ).toEqual([]);
  });

  it('has no European-only forms in the page shell', () => {
    expect(indexHtml).toContain('lang="pt-BR"');
    expect(offenders([['index.html', indexHtml]])).toEqual([]);
  });
});
