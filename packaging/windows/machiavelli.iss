; Inno Setup 6 script: a Windows installer for the one-folder PyInstaller build.
;
;   iscc /DMyAppVersion=0.1.0 packaging\windows\machiavelli.iss
;
; (packaging\windows\build-windows.ps1 builds dist\machiavelli\ first and passes the version
; from pyproject.toml.) Every path here is relative to this file. The installer is written
; to dist\machiavelli-<version>-windows-x64-setup.exe.
;
; It installs into Program Files (or, if the user chooses "only for me", into their own
; programs folder), adds a Start menu entry and an optional desktop icon, and registers an
; uninstaller under Apps & features. Saves, statistics and settings are not in the program
; folder but in %LOCALAPPDATA%\machiavelli-rummy\, so upgrading or uninstalling keeps them.

#ifndef MyAppVersion
  #define MyAppVersion "0.0.0"
#endif
#define MyAppName "Machiavelli"
#define MyAppPublisher "The Machiavelli rummy developers"
#define MyAppURL "https://github.com/machiavelli-rummy/machiavelli"
#define MyAppExeName "machiavelli.exe"
#define RepoRoot "..\.."

[Setup]
; the AppId identifies the program for upgrades and the uninstaller: never change it
AppId={{37BC0375-B755-4FAB-BD4C-68827050CF89}
AppName={#MyAppName}
AppVersion={#MyAppVersion}
AppVerName={#MyAppName} {#MyAppVersion}
AppPublisher={#MyAppPublisher}
AppPublisherURL={#MyAppURL}
AppSupportURL={#MyAppURL}/issues
VersionInfoVersion={#MyAppVersion}
DefaultDirName={autopf}\{#MyAppName}
DefaultGroupName={#MyAppName}
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile={#RepoRoot}\assets\icons\machiavelli.ico
UninstallDisplayIcon={app}\{#MyAppExeName}
UninstallDisplayName={#MyAppName}
OutputDir={#RepoRoot}\dist
OutputBaseFilename=machiavelli-{#MyAppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; an upgrade replaces the bundled libraries wholesale, so no file of an older version lingers
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#RepoRoot}\dist\machiavelli\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#MyAppName}"; Filename: "{app}\{#MyAppExeName}"; IconFilename: "{app}\{#MyAppExeName}"; Comment: "Manipulation rummy card game"
Name: "{autodesktop}\{#MyAppName}"; Filename: "{app}\{#MyAppExeName}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#MyAppExeName}"; Description: "{cm:LaunchProgram,{#StringChange(MyAppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent
