import { describe, expect, it } from 'vitest';
import { statementFolderProblem, type FolderEnvironment } from '../../../src/main/engine/domain/statement-folder';

const linux: FolderEnvironment = { platform: 'linux', dataDir: '/home/ann/.local/share/coffer', home: '/home/ann', tempDirs: ['/tmp'] };
const mac: FolderEnvironment = {
  platform: 'darwin',
  dataDir: '/Users/ann/Library/Application Support/Coffer',
  home: '/Users/ann',
  tempDirs: ['/var/folders/xy/T', '/private/var/folders/xy/T'],
};
const win: FolderEnvironment = { platform: 'win32', dataDir: 'C:\\Users\\ann\\AppData\\Roaming\\Coffer', home: 'C:\\Users\\ann', tempDirs: ['C:\\Users\\ann\\AppData\\Local\\Temp'] };

describe('statementFolderProblem', () => {
  const cases: Array<[FolderEnvironment, string, RegExp | null]> = [
    [linux, '/home/ann/Documents/banque', null],
    [linux, '/home/ann/Documents/../Documents/banque/', null],
    [linux, '/tmp/statements', null],
    [linux, '/tmp', null],
    [linux, 'Documents', /absolute/],
    [linux, '', /absolute/],
    [linux, '/', /data folder|system/],
    [linux, '/etc', /system folder/],
    [linux, '/etc/ssl', /system folder/],
    [linux, '/proc/self/root', /system folder/],
    [linux, '/sys', /system folder/],
    [linux, '/dev', /system folder/],
    [linux, '/boot', /system folder/],
    [linux, '/usr/share/doc', /system folder/],
    [linux, '/var/log', /system folder/],
    [linux, '/home', /data folder|system folder/],
    [linux, '/home/ann', /contain Coffer's data folder/],
    [linux, '/home/ann/.local/share/coffer', /Coffer's data folder/],
    [linux, '/home/ann/.local/share/coffer/documents', /inside Coffer's data folder/],
    [linux, '/home/ann/.local', /contain/],
    [linux, '/home/ann/.local/share/coffer/statements/3', null],
    [linux, '/home/ann/.local/share/coffer/statements', /inside Coffer's data folder/],
    [linux, '/home/ann/.local/share/coffer/statements/../documents', /inside Coffer's data folder/],
    [linux, '/home/ann/.ssh', /hidden folder/],
    [linux, '/home/ann/.gnupg/private', /hidden folder/],
    [linux, '/home/ann/.config', /hidden folder/],
    [linux, '/home/bob/releves', null],
    [{ ...linux, dataDir: '/tmp/coffer-test-1' }, '/tmp/coffer-test-1/documents', /inside Coffer's data folder/],
    [{ ...linux, dataDir: '/tmp/coffer-test-1' }, '/tmp', /contain/],
    [mac, '/Users/ann/Documents/Relevés', null],
    [mac, '/private/var/folders/xy/T/statements', null],
    [mac, '/System/Library', /system folder/],
    [mac, '/Library/Keychains', /system folder/],
    [mac, '/private/etc', /system folder/],
    [mac, '/Users/ann/Library/Keychains', /application-data|data folder/],
    [mac, '/users/ANN/library/application support/coffer', /data folder/],
    [mac, '/Users', /system folder|contain/],
    [win, 'C:\\Users\\ann\\Documents\\Banque', null],
    [win, 'C:\\', /root of a drive|contain/],
    [win, 'D:\\', /root of a drive/],
    [win, 'C:\\Windows\\System32', /system folder/],
    [win, 'c:\\program files\\x', /system folder/],
    [win, 'C:\\ProgramData', /system folder/],
    [win, 'C:\\Users\\ann\\AppData\\Roaming\\Coffer\\documents', /inside Coffer's data folder/],
    [win, 'C:\\Users\\ann\\AppData\\Local\\Temp\\x', null],
    [win, 'C:\\Users\\ann\\AppData\\Local\\Google', /application-data/],
    [win, 'C:\\Users\\ann\\.ssh', /hidden folder/],
    [win, '\\\\server\\share', /root of a drive/],
    [win, 'Documents\\Banque', /absolute/],
  ];
  it.each(cases)('%#: %o %s', (env, folder, expected) => {
    const problem = statementFolderProblem(folder, env);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
