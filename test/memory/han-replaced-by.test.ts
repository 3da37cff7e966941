// The Chinese form "Y 已被 X 取代/替换" (Y has been replaced by X) in the judgement "a newer fact
// replaces an older one" (supersedes, src/memory/long-term.ts). Its pattern was cubic in the length
// of a clause (a run of names and spaces before 被: 8 ms for 300 characters, at every fact of a
// dream); the linear one must find the same old thing, whatever the spaces, tabs and punctuation.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('Y 已被 X 取代', () => {
  it.each([
    ['打包工具 Webpack 已被 Vite 取代', '项目使用 Webpack 打包'],
    ['打包工具 webpack已经被vite替换', '项目使用 Webpack 打包'],
    ['打包工具 Webpack \t 已被 Vite 取代', '项目使用 Webpack 打包'],
    ['构建工具 @vue/cli 已被 Vite 取代', '构建工具使用 @vue/cli'],
    ['前端构建 Create React App 已被 Vite 取代', '前端构建使用 Create React App'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['打包工具 Webpack 已被 Vite 取代', '测试使用 Jest 运行'],
    ['打包工具 Webpack- 已被 Vite 取代', '项目使用 Webpack 打包'],
    ['打包工具 Webpack 已被取代', '项目使用 Webpack 打包'],
  ])('"%s" does not replace "%s" by this form', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });

  it('a clause of names and spaces before 被 is judged, as before', () => {
    const clause = `${'a '.repeat(50)}${' '.repeat(180)}被 b 取代`;
    expect(says(clause, '项目使用 a 打包')).toBe(says(clause.replace(/ {2,}/g, ' '), '项目使用 a 打包'));
  });
});
