"""Korean test speech: the keywords, table talk, and the judge's own lines, as text for espeak-ng."""

from __future__ import annotations

# The ko phrasebook's keywords.
KEYWORDS = ("시작", "패스", "투표", "다시", "정지", "계속", "네", "아니요")

# Keywords that espeak-ng's robotic Korean voice ("ko", 175 words a minute) says well enough
# for this model to hear them at the shipped operating point (and 11 times in 12 over the four
# voices below). The others are not: 패스 is heard as 다시, 투표 as 아니요 or nothing, 시작
# sounds more like talk, 네 and 아니요 come through in other voices only (measured on this
# machine, dither off; people are another matter).
CLEAR_KEYWORDS = ("다시", "정지", "계속")

# espeak-ng voice variants and speeds (words per minute) the keywords are rendered with.
VOICES = (("ko", 175), ("ko+m3", 150), ("ko+f2", 160), ("ko+m7", 190))

# Voices the calibration never heard: the benchmark's held-out part says them.
HELD_OUT_VOICES = (("ko+f4", 140), ("ko+Andy", 200), ("ko+Annie", 165))

# Voices the table talk is said in, for the tuning part and the held-out part.
TALK_VOICES = (("ko", 175), ("ko+f2", 160))
HELD_OUT_TALK_VOICES = (("ko+Andy", 180), ("ko+f4", 150))

# Overlapping table talk (the benchmark's babble noise): each voice says these in turn.
BABBLE_VOICES = (("ko+m1", 170), ("ko+f3", 180), ("ko+m5", 160), ("ko+f1", 175))
BABBLE_TALK = (
    "그러니까 내 말은 그게 아니라는 거야",
    "아까부터 계속 이상하다고 생각했어",
    "너는 왜 아무 말도 안 하는데",
    "이번에는 진짜 믿어도 돼",
    "어제 밤에 소리 들은 사람 있어",
    "나는 처음부터 저 사람이 의심스러웠어",
    "다들 한 번씩 말해 봐",
    "그건 좀 아닌 것 같은데",
)

# Table talk used while the rejection was designed (it saw these sentences).
TALK = (
    "나는 예언자가 아니야",
    "어젯밤에 누가 죽었는지 모르겠어",
    "삼번이 늑대인 것 같아요",
    "저는 그냥 평범한 마을 사람입니다",
    "왜 나를 의심하는 거야",
    "오늘은 사번에게 투표하자",
    "그 사람 말이 좀 이상했어",
    "내가 말할 차례인가요",
    "잘 모르겠는데요",
    "음 글쎄요",
    "그래서 어떻게 할까",
    "우리 팀이 이길 수 있어",
    "마녀가 약을 썼을까",
    "경비원은 누구를 지켰지",
    "아까 그 말은 거짓말이야",
    "칠번 플레이어가 제일 수상해",
    "나도 같은 생각이야",
    "조용히 좀 해 주세요",
    "밥 먹으러 갈까",
    "오늘 날씨가 좋네요",
    "그건 말이 안 돼",
    "내 말 좀 들어봐",
    "사냥꾼이 총을 쏘면 어떻게 돼",
    "그럼 오번은 어때",
    "아무 말도 안 할게요",
    "정말이야",
    "알겠어",
    "그래",
    "뭐라고",
    "좋아",
    "진짜",
    "잠시만요",
    "어디 보자",
    "글쎄",
    "아마도",
    "맞아",
    "틀렸어",
    "누구야",
    "몰라",
    "여기",
    "저기요",
    "그렇죠",
    "대박",
    "설마",
    "왜요",
    "이번엔 내 차례야",
    "한 번만 더 생각해 보자",
    "솔직히 말할게",
    "늑대는 두 명이야",
    "예언자는 나와 주세요",
)

# Table talk written after the rejection was settled, for the benchmark's honest figure.
HELD_OUT_TALK = (
    "어제 팔번이 나를 찍었어",
    "그 말은 못 믿겠는데",
    "너 늑대지",
    "아니 난 진짜 마을이야",
    "이번 판은 어렵네",
    "다들 조용해 봐",
    "방금 뭐라고 했어",
    "일번 말이 맞는 것 같아",
    "내가 예언자라면 벌써 말했지",
    "약은 아직 남았어",
    "누가 총을 가지고 있을까",
    "이건 함정이야",
    "잠깐만 기다려 줘",
    "그만 좀 웃어",
    "나 배고파",
    "물 좀 줄래",
    "하하 웃기다",
    "와 대단하다",
    "어떡해",
    "그렇구나",
    "응 알았어",
    "아이고",
    "오케이",
    "괜찮아요",
    "조금만 더",
    "생각 좀 해볼게",
    "삼번 말 들어 보자",
    "저 사람이 수상해요",
    "늑대가 세 명 남았어",
    "마을 사람들이 이길 거야",
    "어젯밤에 아무도 안 죽었네",
    "경비원이 막았나 봐",
    "사번 오번 둘 중에 하나야",
    "다음 판에는 내가 할게",
    "정말 모르겠다",
    "이따가 얘기하자",
    "빨리 하자",
    "천천히 해도 돼",
    "목소리가 너무 작아요",
    "한 번 더 말해 줄래",
)

# What the judge says aloud; the live test follows it with a keyword on its own, so a judge
# that heard itself would take its own voice for a command.
JUDGE_LINE = "날이 밝았습니다. 모두 눈을 뜨세요"

# More of the judge's lines, played underneath in the benchmark (a voice that leaks past the
# echo guard).
JUDGE_LINES = (
    JUDGE_LINE,
    "밤이 되었습니다. 모두 눈을 감으세요",
    "예언자는 눈을 뜨고 한 명을 고르세요",
    "늑대인간은 오늘 밤 누구를 공격할지 정하세요",
    "토론 시간은 구십 초입니다",
    "이제 투표를 시작하겠습니다",
)
