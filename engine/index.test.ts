import { describe, expectTypeOf, it, expect } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  createScreenRouter,
  createScreenRoutes,
  isMethodCallError,
  MethodCallError,
  useEngine,
  type EngineOptions,
  type LayoutName,
  type LayoutLoader,
  type LayoutProps,
  type ScreenEntry,
} from './index';

describe('public API types', () => {
  it('builds routes from options', () => {
    expectTypeOf(createScreenRoutes).parameter(0).toEqualTypeOf<EngineOptions>();
    expectTypeOf(createScreenRoutes).returns.toEqualTypeOf<RouteObject[]>();
    expectTypeOf(createScreenRouter).parameter(0).toEqualTypeOf<EngineOptions>();
    expectTypeOf(useEngine).returns.toEqualTypeOf<EngineOptions>();
  });

  it('names the four layouts and asks the application for each', () => {
    expectTypeOf<LayoutName>().toEqualTypeOf<'external' | 'restricted' | 'clear' | 'main'>();
    expectTypeOf<EngineOptions['layouts']>().toEqualTypeOf<Record<LayoutName, ComponentType<LayoutProps> | LayoutLoader>>();
  });

  it('accepts the entries codegen writes to generated/screens.ts', () => {
    const generated = [
      {
        id: 'login',
        route: '/login',
        layout: 'external',
        guard: 'anonymous',
        kind: 'form',
        title: 'login.title',
        load: () => Promise.resolve({ default: { id: 'login' } }),
      },
      { id: 'home', route: '/home', layout: 'main', kind: 'dashboard', title: 'home.title', nav: { order: 1 }, load: () => Promise.resolve({}) },
    ] as const satisfies readonly ScreenEntry[];
    expectTypeOf(generated[1]).toExtend<ScreenEntry>();
  });

  it('types guards, actions and method errors', () => {
    expectTypeOf<EngineOptions['guards'][string]>().returns.toEqualTypeOf<string | null | Promise<string | null>>();
    expectTypeOf<ReturnType<NonNullable<EngineOptions['actions']>[string]>>().toEqualTypeOf<Promise<void | { navigate?: string; answer?: unknown }>>();
    expectTypeOf(MethodCallError).constructorParameters.toEqualTypeOf<
      [code: string, description: string, fieldErrors?: Record<string, string>, options?: { unanswered?: boolean; values?: Record<string, unknown> }]
    >();
  });
});

describe('MethodCallError', () => {
  it('carries the code, the description and the field errors', () => {
    const error = new MethodCallError('VF', 'Validation failed', { 'profile.firstName': 'Too long' });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Validation failed');
    expect(error.fieldErrors).toEqual({ 'profile.firstName': 'Too long' });
    expect(new MethodCallError('TE', 'Down').fieldErrors).toEqual({});
  });

  it('is recognised by shape too, for a copy from another bundle', () => {
    expect(isMethodCallError(new MethodCallError('VF', 'x'))).toBe(true);
    expect(isMethodCallError({ name: 'MethodCallError', code: 'VF', fieldErrors: {} })).toBe(true);
    expect(isMethodCallError(new Error('x'))).toBe(false);
  });
});

/**
 * The public surface documents itself (DESIGN.md, "Style to follow"): every name `index.ts` exports is
 * declared with TSDoc, and every function, component and constant also with an `@example`. Parsed with
 * the TypeScript compiler, following re-exports to the declaration.
 */
describe('public API documentation', () => {
  const engineDir = path.dirname(fileURLToPath(import.meta.url));

  function parse(file: string): ts.SourceFile {
    return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  }

  function moduleFile(from: string, specifier: string): string {
    const base = path.resolve(path.dirname(from), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (!found) throw new Error(`${from} re-exports '${specifier}', which resolves to no file`);
    return found;
  }

  /** The exported names of index.ts, with the file each comes from and whether it is a type only. */
  function publicNames(): { name: string; local: string; file: string; typeOnly: boolean }[] {
    const index = path.join(engineDir, 'index.ts');
    const names: { name: string; local: string; file: string; typeOnly: boolean }[] = [];
    for (const statement of parse(index).statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      const file = moduleFile(index, (statement.moduleSpecifier as ts.StringLiteral).text);
      for (const element of statement.exportClause.elements) {
        names.push({ name: element.name.text, local: (element.propertyName ?? element.name).text, file, typeOnly: statement.isTypeOnly || element.isTypeOnly });
      }
    }
    return names;
  }

  /** The declaration of `name` in `file`, following `export { name } from './other'`. */
  function declarationOf(file: string, name: string): ts.Node | undefined {
    const source = parse(file);
    for (const statement of source.statements) {
      if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement)) &&
        statement.name?.text === name
      )
        return statement;
      if (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name))
        return statement;
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        const element = statement.exportClause.elements.find((e) => e.name.text === name);
        if (element) return declarationOf(moduleFile(file, (statement.moduleSpecifier as ts.StringLiteral).text), (element.propertyName ?? element.name).text);
      }
    }
    return undefined;
  }

  const docOf = (node: ts.Node): string =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((doc) => doc.getText())
      .join('\n');

  const names = publicNames();

  it('finds the exports (a parse that found nothing would prove nothing)', () => {
    expect(names.length).toBeGreaterThan(40);
    expect(names.map((n) => n.name)).toEqual(
      expect.arrayContaining([
        'SchemaForm',
        'DataTable',
        'DefinitionList',
        'Field',
        'useCodeField',
        'MoneyInput',
        'Dialog',
        'useMethodData',
        'useCall',
        'useSubmit',
      ]),
    );
  });

  it.each(names.map((n) => [n.name, n] as const))('%s has TSDoc, and an @example unless it is a type', (_name, exported) => {
    const declaration = declarationOf(exported.file, exported.local);
    expect(declaration, `${exported.name} is not declared in ${path.relative(engineDir, exported.file)}`).toBeDefined();
    const doc = docOf(declaration!);
    expect(doc, `${exported.name} (${path.relative(engineDir, exported.file)}) has no TSDoc comment: say what it is, and why`).toMatch(/^\/\*\*/);
    const isType = exported.typeOnly || ts.isInterfaceDeclaration(declaration!) || ts.isTypeAliasDeclaration(declaration!);
    if (!isType) expect(doc, `${exported.name} (${path.relative(engineDir, exported.file)}) has TSDoc without an @example`).toContain('@example');
  });
});
