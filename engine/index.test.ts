import { describe, expectTypeOf, it, expect } from 'vitest';
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
    expectTypeOf<EngineOptions['layouts']>().toEqualTypeOf<Record<LayoutName, ComponentType<LayoutProps>>>();
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
    expectTypeOf(MethodCallError).constructorParameters.toEqualTypeOf<[code: string, description: string, fieldErrors?: Record<string, string>]>();
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
