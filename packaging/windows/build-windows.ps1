# Build the Windows one-folder bundle and its installer (run from any folder):
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build-windows.ps1
#
# Needs Python 3.11+ from python.org (the "py" launcher) and, for the installer, Inno Setup 6
# (iscc.exe on PATH or in its default folder). Makes
#   dist\machiavelli\machiavelli.exe                         the program
#   dist\machiavelli-<version>-windows-x64-setup.exe         the installer
$ErrorActionPreference = "Stop"
$Root = (Resolve-Path (Join-Path $PSScriptRoot "..\..")).Path
Set-Location $Root

$Version = (& py -3 -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])").Trim()
Write-Host "== machiavelli $Version for windows-x64"

$Venv = Join-Path $Root "build\venv-pkg"
if (-not (Test-Path (Join-Path $Venv "Scripts\python.exe"))) {
    & py -3 -m venv $Venv
    if ($LASTEXITCODE -ne 0) { throw "venv failed" }
}
$Py = Join-Path $Venv "Scripts\python.exe"
& $Py -m pip install --quiet --upgrade pip
& $Py -m pip install --quiet -c "$Root\constraints.txt" "${Root}[package]"
if ($LASTEXITCODE -ne 0) { throw "pip install failed" }
& $Py -m pip install --quiet --no-deps --force-reinstall $Root
if ($LASTEXITCODE -ne 0) { throw "pip install failed" }

$Work = Join-Path $Root "build\pyinstaller"
New-Item -ItemType Directory -Force -Path $Work | Out-Null
Push-Location $Work
try {
    & $Py -m PyInstaller --noconfirm --clean --log-level WARN --workpath $Work `
        --distpath (Join-Path $Root "dist") (Join-Path $Root "packaging\machiavelli.spec")
    if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
} finally {
    Pop-Location
}

$Iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $Iscc) {
    $Iscc = Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe"
}
if (Test-Path $Iscc) {
    & $Iscc "/DMyAppVersion=$Version" (Join-Path $Root "packaging\windows\machiavelli.iss")
    if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
    Write-Host "== dist\machiavelli-$Version-windows-x64-setup.exe"
} else {
    Write-Host "== Inno Setup 6 not found: dist\machiavelli\ is built, the installer is not"
}
